import GrantedLanguageServer
import Testing

private func bytes(_ string: String) -> [UInt8] { Array(string.utf8) }

private func frame(_ body: String) -> [UInt8] { MessageFramer.frame(bytes(body)) }

/// The events of a whole stream, delivered in pieces of the given sizes (the last size repeats).
private func events(of stream: [UInt8], chunkSizes: [Int] = [Int.max], framer: MessageFramer = MessageFramer()) -> [MessageFramer.Event] {
    var framer = framer
    var events: [MessageFramer.Event] = []
    var start = 0
    var sizeIndex = 0
    while start < stream.count {
        let size = chunkSizes[min(sizeIndex, chunkSizes.count - 1)]
        let end = start + min(size, stream.count - start)
        events += framer.append(stream[start..<end])
        start = end
        sizeIndex += 1
    }
    return events
}

private func message(_ body: String) -> MessageFramer.Event { .message(bytes(body)) }

private func errorMessage(_ event: MessageFramer.Event?) -> String? {
    if case let .framingError(message) = event { return message }
    return nil
}

@Suite struct MessageFramerTests {
    let first = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#
    let second = #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#
    let third = #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"text":"Content-Length: 3\r\n\r\n😀"}}"#

    @Test func readsOneFrame() {
        #expect(events(of: frame(first)) == [message(first)])
    }

    @Test func readsSeveralFramesInOneChunk() {
        #expect(events(of: frame(first) + frame(second) + frame(third)) == [message(first), message(second), message(third)])
    }

    @Test func givesTheSameFramesWhereverTheInputIsSplit() {
        let stream = frame(first) + frame("") + frame(second) + frame(third)
        let expected = [message(first), message(""), message(second), message(third)]
        for split in 0...stream.count {
            var framer = MessageFramer()
            let found = framer.append(stream[0..<split]) + framer.append(stream[split...])
            #expect(found == expected, "split at \(split)")
        }
        #expect(events(of: stream, chunkSizes: [1]) == expected)
        #expect(events(of: stream, chunkSizes: [3, 1, 7, 2]) == expected)
    }

    @Test func readsHeaderNamesInAnyCaseAndValuesWithBlanks() {
        let body = bytes(first)
        for header in ["content-length: \(body.count)", "CONTENT-LENGTH:\(body.count)", "Content-Length: \t00\(body.count) \t"] {
            #expect(events(of: bytes(header + "\r\n\r\n") + body) == [.message(body)], "\(header)")
        }
    }

    @Test func ignoresContentTypeAndUnknownHeaders() {
        let body = bytes(first)
        let stream = bytes("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: \(body.count)\r\nX-Trace: on\r\n\r\n") + body
            + bytes("Content-Length: \(body.count)\r\ncontent-type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n") + body
        #expect(events(of: stream) == [.message(body), .message(body)])
    }

    @Test func acceptsLinesEndedByALoneLineFeed() {
        let body = bytes(second)
        #expect(events(of: bytes("Content-Length: \(body.count)\n\n") + body) == [.message(body)])
        #expect(events(of: bytes("Content-Length: \(body.count)\r\n\n") + body) == [.message(body)])
    }

    @Test func skipsBlankLinesBetweenFrames() {
        #expect(events(of: frame(first) + bytes("\r\n\n") + frame(second)) == [message(first), message(second)])
    }

    @Test func acceptsARepeatedContentLengthWithTheSameValue() {
        let body = bytes(second)
        #expect(events(of: bytes("Content-Length: \(body.count)\r\nContent-Length: \(body.count)\r\n\r\n") + body) == [.message(body)])
    }

    /// Each malformed frame gives one error, and the good frame after it is still read, however the
    /// input is split.
    @Test(arguments: [
        MalformedFrame("Content-Type: application/vscode-jsonrpc\r\n\r\n{\"id\":1}", "missing Content-Length"),
        MalformedFrame("Content-Length: twelve\r\n\r\n{\"id\":1}", "not a number"),
        MalformedFrame("Content-Length: 12abc\r\n\r\n{\"id\":1}", "not a number"),
        MalformedFrame("Content-Length:\r\n\r\n{\"id\":1}", "not a number"),
        MalformedFrame("Content-Length: -8\r\n\r\n{\"id\":1}", "negative"),
        MalformedFrame("Content-Length: 1000001\r\n\r\n{\"id\":1}", "above the maximum of 1000000"),
        MalformedFrame("Content-Length: 99999999999999999999999999\r\n\r\n{\"id\":1}", "above the maximum"),
        MalformedFrame("Content-Length: 8\r\nContent-Length: 9\r\n\r\n{\"id\":1}", "conflicting Content-Length headers (8 and 9)"),
        MalformedFrame("hello\r\n", "unexpected bytes before a header"),
        MalformedFrame("{\"jsonrpc\":\"2.0\"}", "unexpected bytes before a header"),
        MalformedFrame("Content-Length : 8\r\n\r\n{\"id\":1}", "unexpected bytes before a header"),
        MalformedFrame("Content-Length: 8\r\nnot a header\r\n\r\n{\"id\":1}", "unexpected bytes in a header"),
        MalformedFrame(String(repeating: "X-Padding: 0123456789\r\n", count: 1000), "header longer than 16384 bytes", name: "many header lines"),
        MalformedFrame(String(repeating: "x", count: 20000), "header longer than 16384 bytes", name: "one endless line"),
    ])
    func reportsAMalformedFrameOnceAndReadsTheNextOne(malformed: MalformedFrame) {
        let stream = bytes(malformed.text) + frame(second)
        for chunkSizes in [[Int.max], [1], [5, 17, 2]] {
            let found = events(of: stream, chunkSizes: chunkSizes, framer: MessageFramer(maximumContentLength: 1_000_000))
            #expect(found.count == 2, "\(found)")
            #expect(errorMessage(found.first)?.contains(malformed.expectedError) == true, "\(found)")
            #expect(found.last == message(second))
        }
    }

    @Test func showsGarbageEscapedAndShortened() throws {
        let found = events(of: bytes("\u{1}\"é\t" + String(repeating: "y", count: 100) + "\n") + frame(first))
        let error = try #require(errorMessage(found.first))
        #expect(error.hasPrefix(#"unexpected bytes before a header: "\x01\"\xC3\xA9\tyyy"#))
        #expect(error.hasSuffix("… (105 bytes)"))
    }

    /// A Content-Length that is too short cuts the body; the rest of it lands where the next header
    /// should be. The framer cannot know the first frame is wrong, but it must read the one after.
    @Test(arguments: [1, 10, 30, 57])
    func readsTheFrameAfterOneWhoseContentLengthIsTooShort(declaredLength: Int) {
        let body = bytes(first)
        let stream = bytes("Content-Length: \(declaredLength)\r\n\r\n") + body + frame(second) + frame(third)
        for chunkSizes in [[Int.max], [1]] {
            let found = events(of: stream, chunkSizes: chunkSizes)
            let messages = found.filter { errorMessage($0) == nil }
            #expect(messages == [.message(Array(body[0..<declaredLength])), message(second), message(third)])
            #expect(found.count == 4 && errorMessage(found[1]) != nil, "\(found)")
        }
    }

    /// The remainder of a cut body may begin with what looks like a header name ("a:b" of a JSON
    /// string cut before the "a").
    @Test func readsTheFrameAfterACutBodyWhoseRestLooksLikeAHeader() {
        let body = bytes(#"{"method":"a:b"}"#)
        let stream = bytes("Content-Length: 11\r\n\r\n") + body + frame(second)
        let found = events(of: stream)
        #expect(found.count == 3)
        #expect(found.first == .message(Array(body[0..<11])))
        #expect(errorMessage(found[1])?.contains(#"a:b\"}Content-Length"#) == true)
        #expect(found.last == message(second))
    }

    @Test func reportsPartialFrames() {
        var framer = MessageFramer()
        #expect(!framer.hasPartialFrame)
        let stream = frame(first)
        _ = framer.append(stream[0..<5])
        #expect(framer.hasPartialFrame)
        _ = framer.append(stream[5..<30])
        #expect(framer.hasPartialFrame)
        #expect(framer.append(stream[30...]) == [message(first)])
        #expect(!framer.hasPartialFrame)
        _ = framer.append(bytes("\r\n"))
        #expect(!framer.hasPartialFrame, "a blank line between frames is not a frame")

        #expect(errorMessage(framer.append(bytes("garbage\n and more")).first) != nil)
        #expect(!framer.hasPartialFrame, "skipped bytes were reported already")
        #expect(framer.append(bytes(" then content-LENG")).isEmpty)
        #expect(framer.hasPartialFrame, "the start of a header")
        #expect(framer.append(bytes("TH: 2\r\n\r\n{}")) == [message("{}")])
        #expect(!framer.hasPartialFrame)
    }

    @Test func framesABodyForWriting() {
        #expect(MessageFramer.frame(bytes("{}")) == bytes("Content-Length: 2\r\n\r\n{}"))
        #expect(MessageFramer.frame([]) == bytes("Content-Length: 0\r\n\r\n"))
        let body = bytes(third)
        #expect(events(of: MessageFramer.frame(body)) == [.message(body)])
    }

    @Test func readsATenMegabyteBodyArrivingIn64KilobyteChunks() {
        var body = [UInt8](repeating: UInt8(ascii: "a"), count: 10 * 1024 * 1024)
        body[0] = UInt8(ascii: "[")
        body[body.count - 1] = UInt8(ascii: "]")
        let stream = MessageFramer.frame(body) + frame(second)
        let clock = ContinuousClock()
        var found: [MessageFramer.Event] = []
        let elapsed = clock.measure { found = events(of: stream, chunkSizes: [64 * 1024]) }
        #expect(found == [.message(body), message(second)])
        #expect(elapsed < .seconds(5), "\(elapsed)")
    }

    /// Quadratic re-scanning would take minutes here (hundreds of thousands of bytes, one at a time,
    /// in a debug build).
    @Test func staysLinearWhenBytesArriveOneAtATime() {
        let body = [UInt8](repeating: UInt8(ascii: "b"), count: 200_000)
        let streamsAndLastMessages: [([UInt8], [UInt8])] = [
            (MessageFramer.frame(body), body),
            (bytes("X-Header: ") + [UInt8](repeating: UInt8(ascii: "h"), count: 16_000) + bytes("\r\n\r\n") + frame(first), bytes(first)),
            ([UInt8](repeating: UInt8(ascii: "g"), count: 200_000) + frame(first), bytes(first)),
            (bytes(String(repeating: "Content-Length:", count: 10_000)) + frame(first), bytes(first)),
            (bytes(String(repeating: "content-length", count: 10_000)) + frame(first), bytes(first)),
        ]
        let clock = ContinuousClock()
        for (stream, lastMessage) in streamsAndLastMessages {
            var found: [MessageFramer.Event] = []
            let elapsed = clock.measure { found = events(of: stream, chunkSizes: [1]) }
            #expect(found.last == .message(lastMessage))
            #expect(elapsed < .seconds(10), "\(elapsed)")
        }
    }

    /// Random streams built from pieces of frames: never a crash, and the same events whatever the
    /// chunking, with at least every intact frame read in a stream with no damage.
    @Test func givesTheSameEventsForRandomStreamsWhateverTheChunking() {
        var random = SplitMix64(seed: 0x4652_414D_4552)
        let pieces: [[UInt8]] = [
            bytes("Content-Length: "), bytes("content-length:"), bytes("Content-Type: x\r\n"), bytes("\r\n"), bytes("\n"),
            bytes("\r"), bytes(":"), bytes("-"), bytes("12"), bytes("3"), bytes("99999999999"), bytes("{\"a\":1}"), bytes("😀"),
            [0xFF, 0x00], frame(first), frame(""),
        ]
        for _ in 0..<300 {
            var stream: [UInt8] = []
            for _ in 0..<random.next(below: 30) { stream += pieces[random.next(below: pieces.count)] }
            let whole = events(of: stream, framer: MessageFramer(maximumContentLength: 50))
            let sizes = (0..<8).map { _ in 1 + random.next(below: 9) }
            #expect(events(of: stream, chunkSizes: sizes, framer: MessageFramer(maximumContentLength: 50)) == whole)
        }
    }
}

struct MalformedFrame: Sendable, CustomTestStringConvertible {
    let text: String
    let expectedError: String
    let testDescription: String

    init(_ text: String, _ expectedError: String, name: String? = nil) {
        self.text = text
        self.expectedError = expectedError
        testDescription = name ?? text.debugDescription
    }
}
