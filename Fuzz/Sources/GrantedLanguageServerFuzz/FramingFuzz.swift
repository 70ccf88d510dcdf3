import GrantedFuzzInput
import GrantedLanguageServer

enum FramingFuzz {
    typealias Event = MessageFramer.Event

    /// The events of a stream delivered in pieces of the given sizes, taken in turn.
    static func feed(_ stream: [UInt8], chunkSizes: [Int], maximumContentLength: Int) -> (events: [Event], partial: Bool) {
        var framer = MessageFramer(maximumContentLength: maximumContentLength)
        var events: [Event] = []
        var start = 0
        var turn = 0
        while start < stream.count {
            let end = min(stream.count, start + max(1, chunkSizes[turn % chunkSizes.count]))
            events += framer.append(stream[start..<end])
            start = end
            turn += 1
        }
        return (events, framer.hasPartialFrame)
    }

    static func chunkSizes(_ input: inout FuzzInput) -> [Int] {
        (0...(input.number(below: 8))).map { _ in
            let size = Int(input.byte())
            // Mostly small pieces (where boundaries fall inside headers), sometimes large ones.
            return size < 200 ? 1 + size % 16 : 1 + (size - 199) * 512
        }
    }

    static func rawStream(_ input: inout FuzzInput) {
        let maximumContentLength = input.byte() < 128 ? Int(input.byte()) * 64 : 64 * 1024 * 1024
        let sizes = chunkSizes(&input)
        let stream = input.rest()
        let whole = feed(stream, chunkSizes: [stream.count], maximumContentLength: maximumContentLength)
        let chunked = feed(stream, chunkSizes: sizes, maximumContentLength: maximumContentLength)
        check(whole.events == chunked.events, "events depend on the chunking \(sizes): \(whole.events) vs \(chunked.events)")
        check(whole.partial == chunked.partial, "hasPartialFrame depends on the chunking \(sizes)")
        if stream.count <= 4096 {
            let byteByByte = feed(stream, chunkSizes: [1], maximumContentLength: maximumContentLength)
            check(whole.events == byteByByte.events, "events differ when bytes arrive one at a time")
        }
        for case let .message(body) in whole.events {
            check(body.count <= maximumContentLength, "a body above the maximum came out")
        }
    }

    /// What must come out of a scripted stream, in order.
    enum Expected: CustomStringConvertible {
        case message([UInt8])
        case errors(ClosedRange<Int>)

        var description: String {
            switch self {
            case let .message(body): return "message(\(body.count) bytes)"
            case let .errors(range): return "errors(\(range))"
            }
        }
    }

    static let scriptMaximumContentLength = 20_000

    /// A stream of good frames, each in a header style the input picks, with damage between some:
    /// every good frame must come out whole, and each damage must cost the errors it should.
    static func frameScript(_ input: inout FuzzInput) {
        let sizes = chunkSizes(&input)
        var stream: [UInt8] = []
        var expected: [Expected] = []
        var operations = 0
        while !input.isExhausted, operations < 64 {
            operations += 1
            let operation = input.byte() % 8
            var nextMustStartWithContentLength = true
            switch operation {
            case 0, 1, 2:
                nextMustStartWithContentLength = false
            case 3:
                let garbage = colonFree(input.bytes(count: input.number(below: 300)))
                stream += garbage
                expected.append(.errors(isBlankLines(garbage) ? 0...0 : 1...1))
            case 4:
                stream += malformedFrame(&input)
                stream += colonFree(input.bytes(count: input.number(below: 64)))
                expected.append(.errors(1...1))
            case 5:
                let body = jsonBody(&input)
                let declared = input.number(below: body.count)
                stream += Array("Content-Length: \(declared)\r\n\r\n".utf8) + body
                // The rest of the body is glued to the next header: one error, or more when
                // it contains `Content-Length:` itself.
                expected.append(.message(Array(body[0..<declared])))
                expected.append(.errors(1...Int.max))
            case 6:
                let lines = (0..<input.number(below: 5)).map { _ in input.byte() % 2 == 0 ? "\n" : "\r\n" }.joined()
                stream += Array(lines.utf8)
            default:
                nextMustStartWithContentLength = false
                // A frame whose body holds a complete frame of its own.
                let inner = MessageFramer.frame(input.bytes(count: input.number(below: 40)))
                stream += MessageFramer.frame(inner)
                expected.append(.message(inner))
                continue
            }
            let body = goodBody(&input)
            stream += header(for: body, style: input.byte(), contentLengthFirst: nextMustStartWithContentLength) + body
            expected.append(.message(body))
        }

        let (events, partial) = feed(stream, chunkSizes: sizes, maximumContentLength: scriptMaximumContentLength)
        check(!partial, "a stream of complete frames left a partial frame")
        var index = 0
        for item in expected {
            switch item {
            case let .message(body):
                check(index < events.count && events[index] == .message(body),
                      "expected \(item) at event \(index) of \(events) (expected \(expected))")
                index += 1
            case let .errors(range):
                var errors = 0
                while index < events.count, case .framingError = events[index] {
                    errors += 1
                    index += 1
                }
                check(range.contains(errors), "expected \(item), got \(errors) before event \(index) of \(events) (expected \(expected))")
            }
        }
        check(index == events.count, "unexpected events after \(index): \(events) (expected \(expected))")
    }

    static func goodBody(_ input: inout FuzzInput) -> [UInt8] {
        switch input.byte() % 8 {
        case 0:
            // A large body, to cross many chunk boundaries.
            let count = input.number(below: scriptMaximumContentLength + 1)
            let fill = input.byte()
            return [UInt8](repeating: fill, count: count)
        case 1:
            return []
        default:
            return input.bytes(count: input.number(below: 200))
        }
    }

    /// A header for a good body, in one of the styles clients use or the protocol allows.
    static func header(for body: [UInt8], style: UInt8, contentLengthFirst: Bool) -> [UInt8] {
        let names = ["Content-Length", "content-length", "CONTENT-LENGTH", "Content-length"]
        let name = names[Int(style & 3)]
        let lineEnd = style & 4 != 0 ? "\n" : "\r\n"
        let value = (style & 8 != 0 ? "00" : "") + String(body.count)
        let separator = style & 16 != 0 ? ":" : style & 32 != 0 ? ": \t" : ": "
        var lines = ["\(name)\(separator)\(value)\(style & 32 != 0 ? " " : "")"]
        if style & 64 != 0 {
            let contentType = "Content-Type: application/vscode-jsonrpc; charset=utf-8"
            if contentLengthFirst { lines.append(contentType) } else { lines.insert(contentType, at: 0) }
        }
        if style & 128 != 0 { lines.append("Content-Length: \(body.count)") }
        return Array((lines.map { $0 + lineEnd }.joined() + lineEnd).utf8)
    }

    /// A header block with one error in it.
    static func malformedFrame(_ input: inout FuzzInput) -> [UInt8] {
        let text: String
        switch input.byte() % 7 {
        case 0: text = "Content-Type: application/vscode-jsonrpc\r\n\r\n"
        case 1: text = "Content-Length: x\(printable(input.bytes(count: input.number(below: 8))))\r\n\r\n"
        case 2: text = "Content-Length: -\(input.number(below: 100_000))\r\n\r\n"
        case 3: text = "Content-Length: \(scriptMaximumContentLength + 1 + input.number(below: 100_000))\r\n\r\n"
        case 4: text = "Content-Length: 5\r\ncontent-length: \(6 + input.number(below: 100))\r\n\r\n"
        case 5: text = "Content-Length : 5\r\n\r\n"
        default:
            var line = colonFree(input.bytes(count: 1 + input.number(below: 20))).filter { $0 != 0x0A }
            if line.isEmpty || line == [0x0D] { line = Array("x".utf8) }
            return Array("Content-Length: 5\r\n".utf8) + line + Array("\r\n\r\n".utf8)
        }
        return Array(text.utf8)
    }

    /// A compact JSON-RPC notification: no raw line breaks (JSON escapes them).
    static func jsonBody(_ input: inout FuzzInput) -> [UInt8] {
        var body = Array(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"text":""#.utf8)
        for byte in input.bytes(count: input.number(below: 100)) {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): body += [UInt8(ascii: "\\"), byte]
            case 0..<0x20: body += Array("\\u00\(byte < 16 ? "0" : "")\(String(byte, radix: 16))".utf8)
            default: body.append(byte)
            }
        }
        return body + Array(#""}}"#.utf8)
    }

    /// Without a colon, bytes cannot contain (or end the start of) a `Content-Length:` header.
    static func colonFree(_ bytes: [UInt8]) -> [UInt8] { bytes.map { $0 == UInt8(ascii: ":") ? UInt8(ascii: ";") : $0 } }

    static func printable(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.map { 0x21 + $0 % 0x5E }.map { $0 == UInt8(ascii: ":") ? UInt8(ascii: "=") : $0 }, as: UTF8.self)
    }

    /// Only "\n" and "\r\n" line ends: skipped between frames without an error.
    static func isBlankLines(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                index += 1
            } else if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                index += 2
            } else {
                return false
            }
        }
        return true
    }
}
