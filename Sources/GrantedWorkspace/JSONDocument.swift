/// A small JSON parser that remembers where each value and key stood, so that configuration errors
/// can name the line. (Foundation's parser gives no positions.)
public indirect enum JSONNode {
    case object([(key: String, keyLine: Int, value: JSONNode)], line: Int)
    case array([JSONNode], line: Int)
    case string(String, line: Int)
    case number(Double, line: Int)
    case bool(Bool, line: Int)
    case null(line: Int)

    public var line: Int {
        switch self {
        case let .object(_, line), let .array(_, line), let .string(_, line), let .number(_, line),
             let .bool(_, line), let .null(line):
            return line
        }
    }

    public var typeName: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    public struct ParseError: Error, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    public static func parse(_ bytes: [UInt8]) throws -> JSONNode {
        var parser = Parser(bytes: bytes)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        var line = 1

        init(bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        func error(_ message: String) -> ParseError { ParseError(line: line, message: message) }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0D: index += 1
                case 0x0A: index += 1; line += 1
                default: return
                }
            }
        }

        mutating func expect(_ byte: UInt8, _ what: String) throws {
            guard index < bytes.count, bytes[index] == byte else { throw error("expected \(what)") }
            index += 1
        }

        mutating func value(depth: Int) throws -> JSONNode {
            guard depth < 200 else { throw error("nested too deeply") }
            guard index < bytes.count else { throw error("unexpected end of file") }
            let startLine = line
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, keyLine: Int, value: JSONNode)] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members, line: startLine) }
                while true {
                    skipSpace()
                    let keyLine = line
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
                    let key = try string()
                    skipSpace()
                    try expect(UInt8(ascii: ":"), "':' after the key \"\(key)\"")
                    skipSpace()
                    let member = try value(depth: depth + 1)
                    members.append((key, keyLine, member))
                    skipSpace()
                    guard index < bytes.count else { throw error("unexpected end of file in an object") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members, line: startLine) }
                    throw error("expected ',' or '}' in an object")
                }
            case UInt8(ascii: "["):
                index += 1
                var items: [JSONNode] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items, line: startLine) }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard index < bytes.count else { throw error("unexpected end of file in an array") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items, line: startLine) }
                    throw error("expected ',' or ']' in an array")
                }
            case UInt8(ascii: "\""):
                return .string(try string(), line: startLine)
            case UInt8(ascii: "t"):
                try literal("true"); return .bool(true, line: startLine)
            case UInt8(ascii: "f"):
                try literal("false"); return .bool(false, line: startLine)
            case UInt8(ascii: "n"):
                try literal("null"); return .null(line: startLine)
            default:
                let start = index
                while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
                guard index > start, let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
                    throw error("unexpected character '\(String(decoding: [bytes[start]], as: UTF8.self))'")
                }
                return .number(number, line: startLine)
            }
        }

        mutating func literal(_ word: String) throws {
            let utf8 = Array(word.utf8)
            guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
                throw error("unexpected text (expected \(word))")
            }
            index += utf8.count
        }

        mutating func string() throws -> String {
            index += 1
            var scalars: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: scalars, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { throw error("unterminated string") }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "n"): scalars.append(0x0A)
                    case UInt8(ascii: "t"): scalars.append(0x09)
                    case UInt8(ascii: "r"): scalars.append(0x0D)
                    case UInt8(ascii: "b"): scalars.append(0x08)
                    case UInt8(ascii: "f"): scalars.append(0x0C)
                    case UInt8(ascii: "u"):
                        guard index + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
                            throw error("bad \\u escape")
                        }
                        index += 4
                        scalars.append(contentsOf: Array(String(UnicodeScalar(code).map(Character.init) ?? "\u{FFFD}").utf8))
                    default: scalars.append(escape)
                    }
                case 0x0A:
                    throw error("line break inside a string")
                default:
                    scalars.append(byte)
                }
            }
            throw error("unterminated string")
        }
    }
}
