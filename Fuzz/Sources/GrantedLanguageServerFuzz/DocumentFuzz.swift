import GrantedFuzzInput
import GrantedLanguageServer

enum DocumentFuzz {
    /// Pieces of text that matter to positions: line breaks of all three kinds, one- to four-byte
    /// UTF-8, a combining mark, a flag (two surrogate pairs), the byte-order mark, the last scalars.
    static let pieces = ["a", "bc", " ", "\t", "\n", "\r", "\r\n", "é", "e\u{301}", "中", "😀", "🇫🇷", "\u{FEFF}",
                         "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}", "\u{2028}", "\0"]

    static func text(_ input: inout FuzzInput, maximumPieces: Int) -> String {
        (0..<input.number(below: maximumPieces + 1)).map { _ in pieces[input.number(below: pieces.count)] }.joined()
    }

    /// A line or character near the document's (where the cases are), sometimes far outside it.
    static func coordinate(_ input: inout FuzzInput, near bound: Int) -> Int {
        let byte = input.byte()
        switch byte {
        case 250: return Int.min
        case 251: return Int.max
        case 252: return -1_000_000
        case 253: return 1_000_000
        default: return Int(byte) % (bound + 4) - 1
        }
    }

    static func change(_ input: inout FuzzInput, in client: ClientBuffer) -> ContentChange {
        if input.byte() % 16 == 0 { return ContentChange(text: text(&input, maximumPieces: 8)) }
        func position() -> TextPosition {
            let line = coordinate(&input, near: client.lineCount)
            return TextPosition(line: line, character: coordinate(&input, near: client.lineLength(line) + 1))
        }
        return ContentChange(range: (start: position(), end: position()), text: text(&input, maximumPieces: 4))
    }

    /// Random edits to valid text; after each, the document must hold what the client holds.
    static func edits(_ input: inout FuzzInput) {
        let initial = text(&input, maximumPieces: 32)
        var document = TextDocument(uri: "file:///fuzz.ts", version: 0, text: initial)
        var client = ClientBuffer(initial)
        compare(document, client, after: "opening")
        var operations = 0
        while !input.isExhausted, operations < 48 {
            operations += 1
            if input.byte() % 8 == 0 {
                // One didChange with several changes: all apply, in order, or none do.
                let changes = (0..<(2 + input.number(below: 3))).map { _ in change(&input, in: client) }
                var changedClient = client
                let allApply = changes.allSatisfy { changedClient.apply($0) }
                do {
                    try document.apply(changes)
                    check(allApply, "\(changes) applied, but one has its start after its end")
                    client = changedClient
                } catch {
                    check(!allApply, "\(changes) rejected: \(error)")
                }
                compare(document, client, after: "\(changes)")
            } else {
                let change = change(&input, in: client)
                let applies = client.apply(change)
                do {
                    try document.apply(change)
                    check(applies, "\(change) applied, but its start is after its end")
                } catch {
                    check(!applies, "\(change) rejected: \(error)")
                }
                compare(document, client, after: "\(change)")
            }
        }
    }

    static func compare(_ document: TextDocument, _ client: ClientBuffer, after change: String) {
        let expected = Array(client.text.utf8)
        check(document.bytes == expected, "after \(change): document \(document.text.debugDescription), client \(client.text.debugDescription)")
        let fresh = TextDocument(uri: document.uri, version: 0, bytes: document.bytes)
        check(document.lineStarts == fresh.lineStarts, "after \(change): line starts \(document.lineStarts), not \(fresh.lineStarts), in \(client.text.debugDescription)")
        check(document.lineCount == client.lineCount, "after \(change): \(document.lineCount) lines, the client has \(client.lineCount)")

        // The UTF-16 offset of the character each byte is in, from the client's scalars.
        var unitOffsets = [Int](repeating: 0, count: expected.count + 1)
        var byteOffset = 0
        var unitOffset = 0
        for scalar in client.text.unicodeScalars {
            let width = UTF8.width(scalar)
            for inside in 0..<width { unitOffsets[byteOffset + inside] = unitOffset }
            byteOffset += width
            unitOffset += UTF16.width(scalar)
        }
        unitOffsets[byteOffset] = unitOffset

        // Every byte offset and every position (with a margin outside each line) in small
        // documents, where the cases are; a sample in larger ones, which take long to check.
        let step = expected.count <= 128 ? 1 : expected.count / 48
        for offset in stride(from: 0, through: expected.count, by: step) {
            let position = document.position(of: offset)
            let clientPosition = client.position(of: unitOffsets[offset])
            check(position == clientPosition, "after \(change): byte \(offset) is at \(position), the client says \(clientPosition), in \(client.text.debugDescription)")
        }
        for line in stride(from: -1, through: client.lineCount, by: step) {
            for character in stride(from: -1, through: client.lineLength(line) + 2, by: step) {
                let position = TextPosition(line: line, character: character)
                let offset = document.offset(of: position)
                check(offset >= 0 && offset <= expected.count && unitOffsets[offset] == client.offset(of: position),
                      "after \(change): \(position) is byte \(offset), the client says UTF-16 offset \(client.offset(of: position)), in \(client.text.debugDescription)")
            }
        }
    }

    /// Arbitrary bytes as a document: nothing to compare with (the client never has invalid UTF-8),
    /// but nothing may trap, and the line table, positions and `text` must agree with each other.
    static func malformedDocument(_ input: inout FuzzInput) {
        var document = TextDocument(uri: "file:///fuzz.ts", version: 0, bytes: input.bytes(count: input.number(below: 1024)))
        var operations = 0
        repeat {
            checkConsistency(document)
            let lines = document.lineCount
            let start = TextPosition(line: coordinate(&input, near: lines), character: coordinate(&input, near: 40))
            let end = TextPosition(line: coordinate(&input, near: lines), character: coordinate(&input, near: 40))
            let replacement = text(&input, maximumPieces: 4)
            let startOffset = document.offset(of: start)
            let endOffset = document.offset(of: end)
            let before = document.bytes
            do {
                try document.apply(ContentChange(range: (start: start, end: end), text: replacement))
                check(startOffset <= endOffset, "a range from byte \(startOffset) to \(endOffset) applied")
                check(document.bytes == Array(before[..<startOffset]) + Array(replacement.utf8) + Array(before[endOffset...]),
                      "the edit \(start)–\(end) did not replace bytes \(startOffset)..<\(endOffset)")
            } catch {
                check(startOffset > endOffset && document.bytes == before, "a range from byte \(startOffset) to \(endOffset) rejected: \(error)")
            }
            operations += 1
        } while !input.isExhausted && operations < 16
        checkConsistency(document)
    }

    static func checkConsistency(_ document: TextDocument) {
        let fresh = TextDocument(uri: document.uri, version: 0, bytes: document.bytes)
        check(document.lineStarts == fresh.lineStarts, "line starts \(document.lineStarts), not \(fresh.lineStarts)")
        // `text` has one U+FFFD per invalid byte, so its lines are as long in UTF-16 as positions say.
        let repaired = TextDocument(uri: document.uri, version: 0, text: document.text)
        check(repaired.lineCount == document.lineCount, "text has \(repaired.lineCount) lines, the bytes \(document.lineCount)")
        for line in 0..<document.lineCount {
            let length = document.position(of: document.contentEnd(ofLine: line)).character
            let repairedLength = repaired.position(of: repaired.contentEnd(ofLine: line)).character
            check(length == repairedLength, "line \(line) is \(length) UTF-16 units long, \(repairedLength) in text")
            check(document.offset(of: TextPosition(line: line, character: length)) == document.contentEnd(ofLine: line),
                  "the end of line \(line) is not where its length says")
        }
        // Each offset maps to a position that maps back to where its character starts (at or before it).
        for offset in stride(from: 0, through: document.bytes.count, by: max(1, document.bytes.count / 64)) {
            let position = document.position(of: offset)
            let back = document.offset(of: position)
            check(back <= offset && document.position(of: back) == position, "byte \(offset) → \(position) → byte \(back)")
        }
    }
}

/// The client's idea of the buffer, kept as editors keep it: UTF-16 code units, lines found by
/// scanning them. Written apart from `TextDocument` (no shared code), so that both must be wrong
/// the same way for a bug to go unseen.
struct ClientBuffer {
    private(set) var units: [UInt16]
    private(set) var lineStarts: [Int] = [0]

    init(_ text: String) {
        units = Array(text.utf16)
        findLines()
    }

    var text: String { String(decoding: units, as: UTF16.self) }
    var lineCount: Int { lineStarts.count }

    private mutating func findLines() {
        lineStarts = [0]
        var index = 0
        while index < units.count {
            let unit = units[index]
            index += 1
            if unit == 0x0D, index < units.count, units[index] == 0x0A { index += 1 }
            if unit == 0x0A || unit == 0x0D { lineStarts.append(index) }
        }
    }

    /// A line's text, without its line break.
    func lineUnits(_ line: Int) -> Range<Int> {
        let start = lineStarts[line]
        guard line + 1 < lineStarts.count else { return start..<units.count }
        var end = lineStarts[line + 1] - 1
        if units[end] == 0x0A, end > start, units[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    func lineLength(_ line: Int) -> Int { (0..<lineCount).contains(line) ? lineUnits(line).count : 0 }

    func offset(of position: TextPosition) -> Int {
        if position.line >= lineCount { return units.count }
        let line = lineUnits(max(0, position.line))
        let character = min(max(0, position.character), line.count)
        let offset = line.lowerBound + character
        // Between the halves of a surrogate pair: the pair's start.
        if character > 0, character < line.count, UTF16.isTrailSurrogate(units[offset]) { return offset - 1 }
        return offset
    }

    func position(of offset: Int) -> TextPosition {
        var line = 0
        while line + 1 < lineStarts.count, lineStarts[line + 1] <= offset { line += 1 }
        let units = lineUnits(line)
        return TextPosition(line: line, character: min(offset, units.upperBound) - units.lowerBound)
    }

    mutating func apply(_ change: ContentChange) -> Bool {
        guard let range = change.range else {
            units = Array(change.text.utf16)
            findLines()
            return true
        }
        let start = offset(of: range.start)
        let end = offset(of: range.end)
        if start > end { return false }
        units.replaceSubrange(start..<end, with: Array(change.text.utf16))
        findLines()
        return true
    }
}
