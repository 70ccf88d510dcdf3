/// Incremental reader of LSP base-protocol frames ("Content-Length: N\r\n[other headers]\r\n\r\n" + N bytes).
///
/// Bytes arrive in whatever pieces the pipe delivers; `append` returns every frame completed so far.
/// Header names are case-insensitive; `Content-Type` and unknown headers are ignored; a header line
/// ends with "\r\n" or a lone "\n". Blank lines where a frame should begin are skipped, so a stray line
/// break after a body costs nothing.
///
/// A malformed frame is reported once as `.framingError`; the framer then resynchronises by
/// searching for the next `Content-Length:` (in any case, anywhere, not only at a line start) and
/// reads on from there. The errors: a header block without `Content-Length`; a `Content-Length`
/// that is not a number, negative, above `maximumContentLength`, or in conflict with an earlier one
/// in the same block; bytes that are not a header where one should be ("garbage"); a header block
/// longer than `maximumHeaderLength`.
///
/// A `Content-Length` that is too *short* cannot be detected here: the frame ends early and its
/// body is cut (the server answers ParseError for it). The rest of the real body then sits where
/// the next header should be, glued to that header's first line: such a line is not a valid header
/// (a JSON remainder has quotes, braces or commas before any colon), and a header line that contains
/// `Content-Length:` after its start is treated as garbage too, so the framer reports it and
/// resynchronises on that `Content-Length:` — the message after the damaged one is read correctly.
///
/// Every byte is examined a bounded number of times, so the cost is linear in the input however it
/// is split. The buffer holds at most about twice the frame being read (a header block is at most
/// `maximumHeaderLength`; while resynchronising, only what may begin a `Content-Length:` is kept).
public struct MessageFramer: Sendable {
    public enum Event: Equatable, Sendable {
        case message([UInt8])
        case framingError(String)
    }

    /// Longest header block accepted (real ones are under 100 bytes): without a limit, a stream with no
    /// blank line would be buffered forever.
    public static let maximumHeaderLength = 16 * 1024

    public let maximumContentLength: Int

    private enum State {
        /// Reading the header lines of the frame that begins at `frameStart`.
        case headers
        /// Waiting for the `length` bytes of a body that begins at `bodyStart`.
        case body(length: Int)
        /// After an error: searching for `Content-Length:` from `searchPosition`.
        case resynchronising
    }

    // Positions below are offsets in the whole input stream; `buffer[0]` is at `bufferBase`.
    private var buffer: [UInt8] = []
    private var bufferBase = 0
    private var state = State.headers
    private var frameStart = 0
    private var lineStart = 0
    /// No "\n" lies in `lineStart..<newlineSearchStart`: where the search for the end of the current
    /// line goes on, so a header line arriving one byte at a time is scanned once. It survives a
    /// resynchronisation inside the line that was already scanned.
    private var newlineSearchStart = 0
    private var contentLength: Int?
    private var bodyStart = 0
    private var searchPosition = 0

    private static let contentLengthName = Array("content-length:".utf8)

    public init(maximumContentLength: Int = 64 * 1024 * 1024) {
        self.maximumContentLength = max(0, maximumContentLength)
    }

    /// Appends bytes read from the input; returns the complete frames (and framing errors) found so far, in order.
    public mutating func append<Bytes: Collection>(_ bytes: Bytes) -> [Event] where Bytes.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        var events: [Event] = []
        while advance(&events) {}
        discardConsumedBytes()
        return events
    }

    /// True when bytes of an unfinished frame are buffered (for end-of-input reporting).
    public var hasPartialFrame: Bool {
        let end = bufferBase + buffer.count
        switch state {
        case .headers:
            return end > frameStart
        case .body:
            return true
        case .resynchronising:
            // Skipped bytes were reported already; only the start of a `Content-Length:` counts.
            let tail = max(searchPosition, end - (Self.contentLengthName.count - 1))
            return (tail..<end).contains { start in
                (start..<end).allSatisfy { lowercased(byte(at: $0)) == Self.contentLengthName[$0 - start] }
            }
        }
    }

    /// A body framed for writing.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        var framed = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        framed.append(contentsOf: body)
        return framed
    }

    // MARK: - The state machine

    private var streamEnd: Int { bufferBase + buffer.count }

    private func byte(at position: Int) -> UInt8 { buffer[position - bufferBase] }

    /// One step; false when more input is needed.
    private mutating func advance(_ events: inout [Event]) -> Bool {
        switch state {
        case .headers:
            return readHeaderLine(&events)
        case let .body(length):
            guard streamEnd - bodyStart >= length else { return false }
            let start = bodyStart - bufferBase
            events.append(.message(Array(buffer[start..<(start + length)])))
            beginFrame(at: bodyStart + length)
            return true
        case .resynchronising:
            return searchForContentLength()
        }
    }

    private mutating func beginFrame(at position: Int) {
        state = .headers
        frameStart = position
        lineStart = position
        contentLength = nil
    }

    private mutating func fail(_ message: String, resumingSearchAt position: Int, _ events: inout [Event]) {
        events.append(.framingError(message))
        state = .resynchronising
        searchPosition = max(searchPosition, position)
        contentLength = nil
    }

    private mutating func readHeaderLine(_ events: inout [Event]) -> Bool {
        let end = streamEnd
        guard let newline = findNewline(from: max(newlineSearchStart, lineStart), before: end) else {
            newlineSearchStart = end
            if end - frameStart > Self.maximumHeaderLength {
                fail("header longer than \(Self.maximumHeaderLength) bytes without a blank line ending it: \(describe(lineStart..<end))",
                     resumingSearchAt: lineStart + 1, &events)
                return true
            }
            return false
        }
        newlineSearchStart = newline
        if newline - frameStart > Self.maximumHeaderLength {
            fail("header longer than \(Self.maximumHeaderLength) bytes without a blank line ending it: \(describe(lineStart..<newline))",
                 resumingSearchAt: lineStart + 1, &events)
            return true
        }
        var lineEnd = newline
        if lineEnd > lineStart, byte(at: lineEnd - 1) == 0x0D { lineEnd -= 1 }
        let line = lineStart..<lineEnd
        let nextLine = newline + 1

        if line.isEmpty {
            if lineStart == frameStart {
                beginFrame(at: nextLine)
            } else if let length = contentLength {
                state = .body(length: length)
                bodyStart = nextLine
            } else {
                fail("missing Content-Length header", resumingSearchAt: nextLine, &events)
            }
            return true
        }

        if startsWithContentLengthName(line) {
            switch parseContentLength(line.lowerBound + Self.contentLengthName.count..<line.upperBound) {
            case let .success(length):
                if let earlier = contentLength, earlier != length {
                    fail("conflicting Content-Length headers (\(earlier) and \(length))", resumingSearchAt: lineStart + 1, &events)
                } else {
                    contentLength = length
                    lineStart = nextLine
                }
            case let .failure(error):
                fail(error.message, resumingSearchAt: lineStart + 1, &events)
            }
            return true
        }

        if isWellFormedHeader(line) {
            lineStart = nextLine
        } else {
            let position = lineStart == frameStart ? "before a header" : "in a header"
            fail("unexpected bytes \(position): \(describe(line))", resumingSearchAt: lineStart + 1, &events)
        }
        return true
    }

    private func findNewline(from start: Int, before end: Int) -> Int? {
        guard start < end else { return nil }
        return buffer.withUnsafeBufferPointer { pointer -> Int? in
            var index = start - bufferBase
            let last = end - bufferBase
            while index < last {
                if pointer[index] == 0x0A { return index + bufferBase }
                index += 1
            }
            return nil
        }
    }

    private struct HeaderError: Error { let message: String }

    /// The value of a `Content-Length` header: optional blanks, decimal digits, optional blanks.
    private func parseContentLength(_ value: Range<Int>) -> Result<Int, HeaderError> {
        var index = value.lowerBound
        while index < value.upperBound, isBlank(byte(at: index)) { index += 1 }
        let negative = index < value.upperBound && byte(at: index) == UInt8(ascii: "-")
        if negative { index += 1 }
        let digitsStart = index
        var length = 0
        var tooLarge = false
        while index < value.upperBound, isDigit(byte(at: index)) {
            if !tooLarge {
                length = length * 10 + Int(byte(at: index) - UInt8(ascii: "0"))
                if length > maximumContentLength { tooLarge = true }
            }
            index += 1
        }
        let digitsEnd = index
        while index < value.upperBound, isBlank(byte(at: index)) { index += 1 }
        guard digitsEnd > digitsStart, index == value.upperBound else {
            return .failure(HeaderError(message: "Content-Length is not a number: \(describe(value))"))
        }
        if negative {
            return .failure(HeaderError(message: "Content-Length is negative: \(describe(value))"))
        }
        if tooLarge {
            return .failure(HeaderError(message: "Content-Length \(describe(digitsStart..<digitsEnd)) is above the maximum of \(maximumContentLength) bytes"))
        }
        return .success(length)
    }

    /// `name: value`, the name an HTTP token. A line with `Content-Length:` after its start is not
    /// well formed: it is the tail of a body cut short glued to the next frame's first header.
    private func isWellFormedHeader(_ line: Range<Int>) -> Bool {
        var index = line.lowerBound
        while index < line.upperBound, isTokenByte(byte(at: index)) { index += 1 }
        guard index > line.lowerBound, index < line.upperBound, byte(at: index) == UInt8(ascii: ":") else { return false }
        return !containsContentLengthName(line.lowerBound + 1..<line.upperBound)
    }

    private func startsWithContentLengthName(_ range: Range<Int>) -> Bool {
        let name = Self.contentLengthName
        guard range.count >= name.count else { return false }
        for offset in 0..<name.count where lowercased(byte(at: range.lowerBound + offset)) != name[offset] {
            return false
        }
        return true
    }

    private func containsContentLengthName(_ range: Range<Int>) -> Bool {
        let last = range.upperBound - Self.contentLengthName.count
        guard last >= range.lowerBound else { return false }
        return (range.lowerBound...last).contains { startsWithContentLengthName($0..<range.upperBound) }
    }

    /// Searches for `Content-Length:`, keeping back the bytes that may be the start of one.
    private mutating func searchForContentLength() -> Bool {
        let end = streamEnd
        let name = Self.contentLengthName
        var position = searchPosition
        let first = name[0]
        while position + name.count <= end {
            // `c` is the only letter the name starts with; most bytes fail on it.
            if lowercased(byte(at: position)) == first, startsWithContentLengthName(position..<end) {
                searchPosition = position
                beginFrame(at: position)
                return true
            }
            position += 1
        }
        searchPosition = max(searchPosition, position)
        return false
    }

    /// Drops the bytes nothing can look at again, when that frees at least as much as it moves (so
    /// the copying stays linear in the input).
    private mutating func discardConsumedBytes() {
        let keepFrom: Int
        switch state {
        case .headers: keepFrom = frameStart
        case .body: keepFrom = bodyStart
        case .resynchronising: keepFrom = searchPosition
        }
        let discardable = min(keepFrom, streamEnd) - bufferBase
        guard discardable > 0 else { return }
        if discardable == buffer.count {
            // Keep a moderate buffer for the next frame, not the memory of one huge body.
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
        } else if discardable >= buffer.count - discardable {
            buffer.removeFirst(discardable)
        } else {
            return
        }
        bufferBase += discardable
    }

    // MARK: - Bytes

    private func describe(_ range: Range<Int>) -> String {
        let shown = 40
        var text = "\""
        for position in range.prefix(shown) {
            let value = byte(at: position)
            switch value {
            case 0x0D: text += "\\r"
            case 0x0A: text += "\\n"
            case 0x09: text += "\\t"
            case 0x22: text += "\\\""
            case 0x5C: text += "\\\\"
            case 0x20...0x7E: text.unicodeScalars.append(Unicode.Scalar(value))
            default:
                let hex = String(value, radix: 16, uppercase: true)
                text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        text += "\""
        if range.count > shown { text += "… (\(range.count) bytes)" }
        return text
    }
}

private func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
}

private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

private func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

/// HTTP's `tchar` (RFC 9110): what a header name is made of.
private func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        return true
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
         UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
         UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
        return true
    default:
        return false
    }
}
