/// Hands out the input's bytes in order, then zeros: how a structured fuzz target turns libFuzzer's
/// bytes into choices, so that a mutation of one byte changes one choice.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var isExhausted: Bool { position >= bytes.count }

    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    public mutating func number(below bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let value = bound <= 256 ? Int(byte()) : Int(byte()) << 8 | Int(byte())
        return value % bound
    }

    public mutating func bytes(count: Int) -> [UInt8] {
        let end = min(bytes.count, position + max(0, count))
        defer { position = end }
        return Array(bytes[position..<end])
    }

    public mutating func rest() -> [UInt8] { bytes(count: bytes.count - position) }
}

/// A broken property is a `fatalError`, which libFuzzer keeps as a crashing input.
public func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError(message()) }
}
