/// The language server's input side under libFuzzer: what arrives on stdin goes through
/// `MessageFramer`, and what `didChange` says goes through `TextDocument`. The first byte of an
/// input picks what the rest drives (see `FuzzMode`); a broken property is a `fatalError`, which
/// libFuzzer keeps as a crashing input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(Array(UnsafeBufferPointer(start: data, count: size)))
    switch FuzzMode(rawValue: input.byte() % FuzzMode.count) ?? .rawStream {
    case .rawStream: FramingFuzz.rawStream(&input)
    case .frameScript: FramingFuzz.frameScript(&input)
    case .documentEdits: DocumentFuzz.edits(&input)
    case .malformedDocument: DocumentFuzz.malformedDocument(&input)
    }
    return 0
}

enum FuzzMode: UInt8 {
    /// Arbitrary bytes, split into chunks the input chooses: the events must not depend on the split.
    case rawStream
    /// Good frames in many header styles with damaged ones between them: every good one must come out.
    case frameScript
    /// Random edits to valid text, checked against the client's idea of the buffer after each.
    case documentEdits
    /// Arbitrary bytes as a document (invalid UTF-8 included), edited: consistency checks only.
    case malformedDocument

    static let count: UInt8 = 4
}

/// Hands out the input's bytes in order, then zeros.
struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isExhausted: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func number(below bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let value = bound <= 256 ? Int(byte()) : Int(byte()) << 8 | Int(byte())
        return value % bound
    }

    mutating func bytes(count: Int) -> [UInt8] {
        let end = min(bytes.count, position + max(0, count))
        defer { position = end }
        return Array(bytes[position..<end])
    }

    mutating func rest() -> [UInt8] { bytes(count: bytes.count - position) }
}

func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError(message()) }
}
