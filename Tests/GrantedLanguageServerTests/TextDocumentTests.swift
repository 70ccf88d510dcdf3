import GrantedLanguageServer
import Testing

private func document(_ text: String) -> TextDocument { TextDocument(uri: "file:///test.ts", version: 1, text: text) }

private func at(_ line: Int, _ character: Int) -> TextPosition { TextPosition(line: line, character: character) }

private func change(_ start: (Int, Int), _ end: (Int, Int), _ text: String) -> ContentChange {
    ContentChange(range: (start: at(start.0, start.1), end: at(end.0, end.1)), text: text)
}

/// The line table a fresh document would have: what edits must keep the table equal to.
private func freshLineStarts(_ document: TextDocument) -> [Int] {
    TextDocument(uri: document.uri, version: 0, bytes: document.bytes).lineStarts
}

@Suite struct TextDocumentTests {
    @Test func convertsPositionsInASCII() {
        let doc = document("let a = 1;\nlet b = 2;\n")
        #expect(doc.lineStarts == [0, 11, 22])
        #expect(doc.offset(of: at(0, 4)) == 4)
        #expect(doc.offset(of: at(1, 0)) == 11)
        #expect(doc.offset(of: at(1, 10)) == 21)
        #expect(doc.offset(of: at(2, 0)) == 22)
        #expect(doc.position(of: 15) == at(1, 4))
        #expect(doc.position(of: 22) == at(2, 0))
        #expect(doc.text == "let a = 1;\nlet b = 2;\n")
    }

    @Test func treatsCRLFAsOneLineBreak() {
        let doc = document("ab\r\ncd\r\n")
        #expect(doc.lineStarts == [0, 4, 8])
        #expect(doc.offset(of: at(0, 2)) == 2)
        #expect(doc.offset(of: at(0, 3)) == 2, "past the end of the line: before the \\r\\n")
        #expect(doc.offset(of: at(1, 1)) == 5)
        #expect(doc.position(of: 3) == at(0, 2), "between \\r and \\n: the end of the line")
        #expect(doc.position(of: 4) == at(1, 0))
    }

    @Test func treatsALoneCRAsALineBreak() {
        let doc = document("a\rb\r\nc\nd\r")
        #expect(doc.lineStarts == [0, 2, 5, 7, 9])
        #expect(doc.lineCount == 5)
        #expect(doc.offset(of: at(1, 1)) == 3)
        #expect(doc.offset(of: at(3, 9)) == 8)
        #expect(doc.offset(of: at(4, 0)) == 9)
        #expect(doc.position(of: 1) == at(0, 1))
        #expect(doc.position(of: 2) == at(1, 0))
    }

    @Test func countsAnEmojiAsTwoUTF16Units() {
        let doc = document("a😀b\n😀")
        #expect(doc.offset(of: at(0, 1)) == 1)
        #expect(doc.offset(of: at(0, 2)) == 1, "inside the surrogate pair: the emoji's start")
        #expect(doc.offset(of: at(0, 3)) == 5)
        #expect(doc.offset(of: at(0, 4)) == 6)
        #expect(doc.offset(of: at(1, 1)) == 7)
        #expect(doc.offset(of: at(1, 2)) == 11)
        #expect(doc.position(of: 5) == at(0, 3))
        for inside in 2...4 { #expect(doc.position(of: inside) == at(0, 1), "offset \(inside) is inside the emoji") }
    }

    @Test func countsCombiningCharactersSeparately() {
        // "é" as e + U+0301 (two bytes in UTF-8): two UTF-16 units, though one grapheme.
        let doc = document("e\u{301}x 中")
        #expect(doc.offset(of: at(0, 1)) == 1)
        #expect(doc.offset(of: at(0, 2)) == 3)
        #expect(doc.offset(of: at(0, 4)) == 5)
        #expect(doc.offset(of: at(0, 5)) == 8)
        #expect(doc.position(of: 2) == at(0, 1))
        #expect(doc.position(of: 8) == at(0, 5))
    }

    @Test func clampsPositionsPastTheEndAndNegativeValues() {
        let doc = document("one\ntwo")
        #expect(doc.offset(of: at(0, 99)) == 3)
        #expect(doc.offset(of: at(1, 99)) == 7)
        #expect(doc.offset(of: at(2, 0)) == 7)
        #expect(doc.offset(of: at(Int.max, Int.max)) == 7)
        #expect(doc.offset(of: at(-1, 2)) == 2, "a negative line counts as line 0")
        #expect(doc.offset(of: at(1, -5)) == 4)
        #expect(doc.offset(of: at(Int.min, Int.min)) == 0)
        #expect(doc.offset(of: at(0, Int.max)) == 3)
        #expect(doc.position(of: -3) == at(0, 0))
        #expect(doc.position(of: 100) == at(1, 3))
        #expect(doc.position(of: Int.max) == at(1, 3))
        #expect(document("").offset(of: at(3, 3)) == 0)
        #expect(document("").position(of: 1) == at(0, 0))
    }

    @Test func countsEachInvalidByteAsOneUnit() {
        // A truncated three-byte sequence, a stray continuation byte, 0xFF, and an overlong "/".
        let bytes: [UInt8] = [0x61, 0xE2, 0x82, 0x0A, 0x80, 0xFF, 0xC0, 0xAF, 0xE2, 0x82, 0xAC]
        let doc = TextDocument(uri: "file:///bad.ts", version: 1, bytes: bytes)
        #expect(doc.lineStarts == [0, 4])
        #expect(doc.offset(of: at(0, 2)) == 2)
        #expect(doc.offset(of: at(1, 4)) == 8)
        #expect(doc.offset(of: at(1, 5)) == 11)
        #expect(doc.position(of: 3) == at(0, 3))
        #expect(doc.position(of: 10) == at(1, 4), "inside the well-formed €")
        #expect(Array(doc.text.utf16) == Array("a\u{FFFD}\u{FFFD}\n\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}€".utf16))
    }

    @Test func insertsAndDeletesAcrossLines() throws {
        var doc = document("first\nsecond\nthird")
        try doc.apply(change((0, 5), (0, 5), "!\nnew"))
        #expect(doc.text == "first!\nnew\nsecond\nthird")
        try doc.apply(change((1, 1), (3, 2), ""))
        #expect(doc.text == "first!\nnird")
        try doc.apply(change((1, 4), (1, 4), "\n\n"))
        #expect(doc.text == "first!\nnird\n\n")
        try doc.apply(change((0, 0), (3, 0), "x"))
        #expect(doc.text == "x")
        #expect(doc.lineStarts == [0])
    }

    @Test func joinsAndPartsCRLFPairs() throws {
        // Deleting what stands between a "\r" and a "\n" joins them into one line break.
        var doc = document("a\rx\nb")
        #expect(doc.lineCount == 3)
        try doc.apply(change((1, 0), (1, 1), ""))
        #expect(doc.text == "a\r\nb")
        #expect(doc.lineStarts == [0, 3])
        // Inserting between them (at the end of line 0, before the pair) leaves it whole.
        try doc.apply(change((0, 1), (0, 1), "\r"))
        #expect(doc.text == "a\r\r\nb")
        #expect(doc.lineStarts == [0, 2, 4])
        // A "\n" inserted after a lone "\r" completes a pair.
        var lone = document("a\r")
        try lone.apply(change((1, 0), (1, 0), "\nb"))
        #expect(lone.text == "a\r\nb")
        #expect(lone.lineStarts == [0, 3])
        // Deleting a "\n" leaves the "\r" of its pair alone.
        var pair = document("a\r\nb")
        try pair.apply(change((0, 1), (1, 0), "\r"))
        #expect(pair.text == "a\rb")
        #expect(pair.lineStarts == [0, 2])
        // Replacing a line break with one whose "\r" meets a following "\n".
        var split = document("a\n\nb")
        try split.apply(change((0, 1), (1, 0), "\r"))
        #expect(split.text == "a\r\nb")
        #expect(split.lineStarts == [0, 3])
    }

    @Test func replacesTheWholeText() throws {
        var doc = document("old\ntext")
        try doc.apply(ContentChange(text: "new\r\ntext\r"))
        #expect(doc.text == "new\r\ntext\r")
        #expect(doc.lineStarts == [0, 5, 10])
    }

    @Test func rejectsARangeWhoseStartIsAfterItsEnd() {
        var doc = document("abc\ndef")
        #expect(throws: TextDocument.EditError.self) { try doc.apply(change((1, 1), (0, 2), "x")) }
        #expect(doc.text == "abc\ndef")
        // Both ends past the end of line 0 are its end: an empty range, not an error.
        #expect(throws: Never.self) { try doc.apply(change((0, 9), (0, 5), "!")) }
        #expect(doc.text == "abc!\ndef")
    }

    @Test func appliesTheChangesOfOneNotificationInOrderOrNotAtAll() throws {
        var doc = document("ab")
        try doc.apply([change((0, 2), (0, 2), "\ncd"), change((1, 0), (1, 1), "C")])
        #expect(doc.text == "ab\nCd")
        let before = doc.bytes
        #expect(throws: TextDocument.EditError.self) {
            try doc.apply([change((0, 0), (0, 1), "A"), change((1, 2), (1, 0), "")])
        }
        #expect(doc.bytes == before)
    }

    @Test func keepsTheVersionItIsGiven() {
        var doc = document("")
        doc.setVersion(7)
        #expect(doc.version == 7)
        #expect(doc.uri == "file:///test.ts")
    }

    @Test func editsATenMegabyteDocumentOneCharacterAtATime() throws {
        let line = String(repeating: "x", count: 79) + "\n"
        var doc = document(String(repeating: line, count: 128 * 1024))
        #expect(doc.bytes.count == 10 * 1024 * 1024)
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for step in 0..<200 {
                let line = (step * 7919) % doc.lineCount
                try doc.apply(change((line, 3), (line, 3), step % 3 == 0 ? "\n" : "é"))
                try doc.apply(change((line, 10), (line, 11), ""))
                _ = doc.position(of: doc.bytes.count / 2)
            }
        }
        #expect(doc.lineStarts == freshLineStarts(doc))
        #expect(elapsed < .seconds(30), "\(elapsed)")
    }

    /// Random documents and edits against `ClientBuffer`, the client's idea of the text. The seed is
    /// fixed, so a failure repeats.
    @Test func agreesWithAReferenceModelOnRandomEdits() throws {
        var random = SplitMix64(seed: 20_250_317)
        let pieces = ["a", "bc", " ", "\n", "\r", "\r\n", "😀", "é", "e\u{301}", "中", "\u{FEFF}", "🇫🇷", "\t"]
        func randomText(maximumPieces: Int) -> String {
            (0..<random.next(below: maximumPieces + 1)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
        }
        for _ in 0..<250 {
            let initial = randomText(maximumPieces: 12)
            var doc = document(initial)
            var client = ClientBuffer(initial)
            try checkAgreement(doc, client)
            for _ in 0..<12 {
                let change: ContentChange
                if random.next(below: 20) == 0 {
                    change = ContentChange(text: randomText(maximumPieces: 6))
                } else {
                    let lines = client.lineCount
                    func randomPosition() -> TextPosition {
                        at(random.next(below: lines + 2) - 1, random.next(below: 12) - 1)
                    }
                    change = ContentChange(range: (start: randomPosition(), end: randomPosition()), text: randomText(maximumPieces: 3))
                }
                let applied = client.apply(change)
                do {
                    try doc.apply(change)
                    #expect(applied, "\(change) on \(client.text.debugDescription)")
                } catch {
                    #expect(!applied, "\(change): \(error)")
                }
                try checkAgreement(doc, client, after: change)
            }
        }
    }

    private func checkAgreement(_ doc: TextDocument, _ client: ClientBuffer, after change: ContentChange? = nil) throws {
        let context = "after \(change.map(String.init(describing:)) ?? "opening"): \(client.text.debugDescription)"
        try #require(doc.bytes == Array(client.text.utf8), "\(context) — document: \(doc.text.debugDescription)")
        #expect(doc.lineStarts == freshLineStarts(doc), "\(context)")
        #expect(doc.lineCount == client.lineCount, "\(context)")
        // Every position, including ones past the ends, resolves to the same place.
        for line in -1...(client.lineCount) {
            for character in -1...(client.lineLength(line) + 2) {
                let position = at(line, character)
                let offset = doc.offset(of: position)
                #expect(client.utf16Offset(ofUTF8Offset: offset) == client.offset(of: position), "\(position) \(context)")
            }
        }
        // Every byte offset maps to the client's position of the character it is in.
        for offset in 0...doc.bytes.count {
            #expect(doc.position(of: offset) == client.position(of: client.utf16Offset(ofUTF8Offset: offset)), "byte \(offset) \(context)")
        }
    }
}

/// The client's idea of a buffer, as editors keep it: UTF-16 code units, with line starts found
/// afresh each time. Deliberately simple and independent of `TextDocument`.
private struct ClientBuffer {
    private(set) var units: [UInt16]

    init(_ text: String) { units = Array(text.utf16) }

    var text: String { String(decoding: units, as: UTF16.self) }

    private var lineStarts: [Int] {
        var starts = [0]
        var index = 0
        while index < units.count {
            if units[index] == 0x0D, index + 1 < units.count, units[index + 1] == 0x0A {
                index += 1
            }
            if units[index] == 0x0A || units[index] == 0x0D { starts.append(index + 1) }
            index += 1
        }
        return starts
    }

    var lineCount: Int { lineStarts.count }

    /// The line's text, without its break.
    private func lineRange(_ line: Int) -> Range<Int> {
        let starts = lineStarts
        let start = starts[line]
        guard line + 1 < starts.count else { return start..<units.count }
        let next = starts[line + 1]
        let breakLength = next - start >= 2 && units[next - 2] == 0x0D && units[next - 1] == 0x0A ? 2 : 1
        return start..<(next - breakLength)
    }

    func lineLength(_ line: Int) -> Int { line >= 0 && line < lineCount ? lineRange(line).count : 0 }

    func offset(of position: TextPosition) -> Int {
        let line = max(position.line, 0)
        guard line < lineCount else { return units.count }
        let range = lineRange(line)
        var offset = range.lowerBound + min(max(position.character, 0), range.count)
        if offset > range.lowerBound, offset < range.upperBound, UTF16.isLeadSurrogate(units[offset - 1]), UTF16.isTrailSurrogate(units[offset]) {
            offset -= 1
        }
        return offset
    }

    func position(of offset: Int) -> TextPosition {
        let line = lineStarts.lastIndex { $0 <= offset } ?? 0
        let range = lineRange(line)
        return TextPosition(line: line, character: min(offset, range.upperBound) - range.lowerBound)
    }

    /// The UTF-16 offset of the character a UTF-8 offset is in.
    func utf16Offset(ofUTF8Offset target: Int) -> Int {
        var utf8 = 0
        var utf16 = 0
        for scalar in text.unicodeScalars {
            let next = utf8 + UTF8.width(scalar)
            if next > target { break }
            utf8 = next
            utf16 += UTF16.width(scalar)
        }
        return utf16
    }

    /// False (and nothing changes) for a range whose start is after its end.
    mutating func apply(_ change: ContentChange) -> Bool {
        guard let range = change.range else {
            units = Array(change.text.utf16)
            return true
        }
        let start = offset(of: range.start)
        let end = offset(of: range.end)
        guard start <= end else { return false }
        units.replaceSubrange(start..<end, with: Array(change.text.utf16))
        return true
    }
}
