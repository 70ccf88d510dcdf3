import GrantedFuzzInput

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
