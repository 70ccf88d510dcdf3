/// A place in a document as LSP counts it: a zero-based line, and a zero-based character counted in
/// UTF-16 code units (the default position encoding, and the only one every client supports).
public struct TextPosition: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public var description: String { "\(line):\(character)" }
}

/// One content change of `textDocument/didChange`.
public struct ContentChange: Sendable, CustomStringConvertible {
    /// The replaced range, in the text as already modified by the earlier changes of the same
    /// notification; nil replaces the whole text.
    public var range: (start: TextPosition, end: TextPosition)?
    public var text: String

    public init(range: (start: TextPosition, end: TextPosition)? = nil, text: String) {
        self.range = range
        self.text = text
    }

    public var description: String {
        guard let range else { return "whole text → \(text.debugDescription)" }
        return "\(range.start)–\(range.end) → \(text.debugDescription)"
    }
}

extension ContentChange: Equatable {
    public static func == (lhs: ContentChange, rhs: ContentChange) -> Bool {
        lhs.text == rhs.text && lhs.range?.start == rhs.range?.start && lhs.range?.end == rhs.range?.end
    }
}

/// An open document as the client sent it: its text as UTF-8 bytes (what the engine lints), with a
/// line table to convert between byte offsets and LSP positions.
///
/// Lines end at "\n", "\r\n" or a lone "\r" (LSP's three). A byte that is not part of well-formed
/// UTF-8 counts as one UTF-16 code unit, as the U+FFFD that `text` shows for it. A value: a copy is
/// a snapshot that later edits do not touch.
public struct TextDocument: Sendable {
    public let uri: String
    public private(set) var version: Int
    public private(set) var bytes: [UInt8]
    /// The byte offset where each line starts; the first is 0. A document ending in a line break has
    /// an empty last line after it.
    public private(set) var lineStarts: [Int]

    public struct EditError: Error, Equatable, CustomStringConvertible {
        public let message: String
        public init(message: String) { self.message = message }
        public var description: String { message }
    }

    public init(uri: String, version: Int, text: String) {
        self.init(uri: uri, version: version, bytes: Array(text.utf8))
    }

    public init(uri: String, version: Int, bytes: [UInt8]) {
        self.uri = uri
        self.version = version
        self.bytes = bytes
        lineStarts = TextDocument.lineStarts(of: bytes)
    }

    /// The text, with U+FFFD for each byte that is not well-formed UTF-8 (one per byte, so that
    /// offsets in `text.utf16` are the characters of positions).
    public var text: String {
        let repaired: [UInt8]? = bytes.withUnsafeBufferPointer { buffer in
            var repaired: [UInt8]?
            var index = 0
            while index < buffer.count {
                let scalar = TextDocument.scalarLength(in: buffer, at: index)
                if scalar.isMalformed {
                    if repaired == nil { repaired = Array(buffer[0..<index]) }
                    repaired?.append(contentsOf: [0xEF, 0xBF, 0xBD])
                } else if repaired != nil {
                    repaired?.append(contentsOf: buffer[index..<(index + scalar.bytes)])
                }
                index += scalar.bytes
            }
            return repaired
        }
        return String(decoding: repaired ?? bytes, as: UTF8.self)
    }

    public var lineCount: Int { lineStarts.count }

    public mutating func setVersion(_ version: Int) {
        self.version = version
    }

    // MARK: - Positions

    /// Byte offset of a position. Line breaks are \n, \r\n and \r (LSP's three). A character past the
    /// end of its line means the end of the line (before its break); a line past the last line means
    /// the end of the document; a character inside a surrogate pair (middle of an emoji) rounds down
    /// to the start of that character. Never traps for any Int values (a negative line or character
    /// counts as 0).
    public func offset(of position: TextPosition) -> Int {
        let line = max(position.line, 0)
        guard line < lineStarts.count else { return bytes.count }
        let end = contentEnd(ofLine: line)
        var remaining = max(position.character, 0)
        var index = lineStarts[line]
        bytes.withUnsafeBufferPointer { buffer in
            while remaining > 0, index < end {
                if buffer[index] < 0x80 {
                    remaining -= 1
                    index += 1
                    continue
                }
                let scalar = TextDocument.scalarLength(in: buffer, at: index)
                // A position between the two code units of a pair means the pair's start.
                if scalar.utf16Units > remaining { break }
                remaining -= scalar.utf16Units
                index += scalar.bytes
            }
        }
        return index
    }

    /// Position of a byte offset (clamped to 0...bytes.count; an offset inside a multi-byte UTF-8
    /// sequence rounds down to its start, and one inside a line break to the end of its line).
    public func position(of offset: Int) -> TextPosition {
        let target = min(max(offset, 0), bytes.count)
        let line = lineIndex(containing: target)
        let limit = min(target, contentEnd(ofLine: line))
        var index = lineStarts[line]
        var character = 0
        bytes.withUnsafeBufferPointer { buffer in
            while index < limit {
                if buffer[index] < 0x80 {
                    character += 1
                    index += 1
                    continue
                }
                let scalar = TextDocument.scalarLength(in: buffer, at: index)
                if index + scalar.bytes > limit { break }
                character += scalar.utf16Units
                index += scalar.bytes
            }
        }
        return TextPosition(line: line, character: character)
    }

    /// The zero-based line that contains a byte offset (a line break belongs to the line it ends).
    public func lineIndex(containing offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = low + (high - low + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Where a line's text ends: before its line break, or at the end of the document for the last line.
    public func contentEnd(ofLine line: Int) -> Int {
        guard line + 1 < lineStarts.count else { return bytes.count }
        var end = lineStarts[line + 1]
        // Every line but the last ends with "\n", "\r\n" or "\r".
        if bytes[end - 1] == 0x0A {
            end -= 1
            if end > lineStarts[line], bytes[end - 1] == 0x0D { end -= 1 }
        } else {
            end -= 1
        }
        return end
    }

    // MARK: - Edits

    /// Applies a `textDocument/didChange` content change: `range` nil replaces the whole text. A range
    /// whose start lies after its end in the document (once both are resolved to offsets) is an
    /// `EditError`, and nothing changes.
    public mutating func apply(_ change: ContentChange) throws(EditError) {
        guard let range = change.range else {
            bytes = Array(change.text.utf8)
            lineStarts = TextDocument.lineStarts(of: bytes)
            return
        }
        let start = offset(of: range.start)
        let end = offset(of: range.end)
        guard start <= end else {
            throw EditError(message: "the range's start \(range.start) is after its end \(range.end)")
        }
        replace(start..<end, with: Array(change.text.utf8))
    }

    /// Applies the content changes of one `didChange`, in order, each against the text the earlier
    /// ones produced; all of them or (on an `EditError`) none.
    public mutating func apply(_ changes: [ContentChange]) throws(EditError) {
        if changes.count == 1 {
            try apply(changes[0])
            return
        }
        // On a copy (one copy of the bytes per notification), so that a failing change leaves the
        // document as the client had it before the notification.
        var changed = self
        for change in changes { try changed.apply(change) }
        self = changed
    }

    /// Replaces a byte range (clamped to the document), updating the line table from the bytes around
    /// the edit only: an edit costs a move of the bytes after it, not a new scan of the document.
    public mutating func replace(_ range: Range<Int>, with replacement: [UInt8]) {
        let start = min(max(range.lowerBound, 0), bytes.count)
        let end = min(max(range.upperBound, start), bytes.count)
        bytes.replaceSubrange(start..<end, with: replacement)
        let shift = replacement.count - (end - start)

        // Whether offset p starts a line depends on bytes p-1 and p only. So line starts before
        // `start` stay, those after `end` move by `shift`, and the ones in between (including both
        // ends of the inserted bytes, where a "\r" and a "\n" may now meet or part) are looked up anew.
        let keptBefore = firstLineStartIndex(atOrAfter: start)
        let keptAfter = firstLineStartIndex(after: end)
        var recomputed: [Int] = []
        for offset in start...(start + replacement.count) where startsLine(offset) {
            recomputed.append(offset)
        }
        if shift != 0 {
            lineStarts.withUnsafeMutableBufferPointer { starts in
                for index in keptAfter..<starts.count { starts[index] += shift }
            }
        }
        lineStarts.replaceSubrange(keptBefore..<keptAfter, with: recomputed)
    }

    private func startsLine(_ offset: Int) -> Bool {
        if offset == 0 { return true }
        let previous = bytes[offset - 1]
        if previous == 0x0A { return true }
        return previous == 0x0D && (offset == bytes.count || bytes[offset] != 0x0A)
    }

    private func firstLineStartIndex(atOrAfter offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count
        while low < high {
            let middle = low + (high - low) / 2
            if lineStarts[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func firstLineStartIndex(after offset: Int) -> Int { firstLineStartIndex(atOrAfter: offset + 1) }

    static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                let byte = buffer[index]
                if byte == 0x0A {
                    starts.append(index + 1)
                } else if byte == 0x0D {
                    if index + 1 < buffer.count, buffer[index + 1] == 0x0A { index += 1 }
                    starts.append(index + 1)
                }
                index += 1
            }
        }
        return starts
    }

    // MARK: - UTF-8

    private struct ScalarLength {
        /// The bytes of the scalar, or 1 for a byte that does not begin well-formed UTF-8.
        var bytes: Int
        var utf16Units: Int
        var isMalformed: Bool
    }

    /// The well-formed UTF-8 sequence starting at `index` (Unicode's table 3-7: no overlong forms,
    /// no surrogates, nothing above U+10FFFF). None crosses a line break: its bytes are all >= 0x80.
    private static func scalarLength(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> ScalarLength {
        let malformed = ScalarLength(bytes: 1, utf16Units: 1, isMalformed: true)
        let lead = bytes[index]
        if lead < 0x80 { return ScalarLength(bytes: 1, utf16Units: 1, isMalformed: false) }
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < bytes.count && range.contains(bytes[index + offset])
        }
        switch lead {
        case 0xC2...0xDF:
            return continuation(1) ? ScalarLength(bytes: 2, utf16Units: 1, isMalformed: false) : malformed
        case 0xE0...0xEF:
            let second: ClosedRange<UInt8> = lead == 0xE0 ? 0xA0...0xBF : lead == 0xED ? 0x80...0x9F : 0x80...0xBF
            return continuation(1, second) && continuation(2) ? ScalarLength(bytes: 3, utf16Units: 1, isMalformed: false) : malformed
        case 0xF0...0xF4:
            let second: ClosedRange<UInt8> = lead == 0xF0 ? 0x90...0xBF : lead == 0xF4 ? 0x80...0x8F : 0x80...0xBF
            // Above the Basic Multilingual Plane: a surrogate pair in UTF-16.
            return continuation(1, second) && continuation(2) && continuation(3)
                ? ScalarLength(bytes: 4, utf16Units: 2, isMalformed: false) : malformed
        default:
            return malformed
        }
    }
}
