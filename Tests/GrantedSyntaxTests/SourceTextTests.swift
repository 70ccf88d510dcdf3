import GrantedSyntax
import Testing

struct SourceTextTests {
    @Test func columnsCountUTF16CodeUnits() {
        let text = SourceText("a🎉b é x\n")
        // "a" is 1 unit, "🎉" 2 units (4 UTF-8 bytes), "b" 1, " " 1, "é" 1 unit (2 bytes).
        #expect(text.position(of: 0) == SourcePosition(line: 1, column: 1))
        #expect(text.position(of: 1) == SourcePosition(line: 1, column: 2))
        #expect(text.position(of: 5) == SourcePosition(line: 1, column: 4))
        #expect(text.position(of: 7) == SourcePosition(line: 1, column: 6))
        #expect(text.position(of: 10) == SourcePosition(line: 1, column: 8))
    }

    @Test func lineEndingsLFCRLFAndLoneCR() {
        let text = SourceText("a\r\nb\rc\nd")
        #expect(text.lineCount == 4)
        #expect(text.position(of: 3) == SourcePosition(line: 2, column: 1))
        #expect(text.position(of: 5) == SourcePosition(line: 3, column: 1))
        #expect(text.position(of: 7) == SourcePosition(line: 4, column: 1))
        #expect(text.lineText(0) == "a")
        #expect(text.lineText(1) == "b")
    }

    @Test func byteOrderMarkIsRemovedAndRemembered() {
        let text = SourceText(bytes: [0xEF, 0xBB, 0xBF] + Array("x = 1".utf8))
        #expect(text.hadByteOrderMark)
        #expect(text.bytes == Array("x = 1".utf8))
        #expect(text.position(of: 0) == SourcePosition(line: 1, column: 1))
    }

    @Test func containsFindsByteStrings() {
        let text = SourceText("import * as N from 'expo-notifications'")
        #expect(text.contains("expo-notifications"))
        #expect(!text.contains("expo-camera"))
        #expect(!SourceText("").contains("x"))
    }
}

struct ParserTests {
    @Test func grammarByExtension() {
        #expect(Grammar(fileExtension: "ts") == .typescript)
        #expect(Grammar(fileExtension: "MTS") == .typescript)
        #expect(Grammar(fileExtension: "cts") == .typescript)
        for ext in ["tsx", "js", "jsx", "mjs", "cjs"] { #expect(Grammar(fileExtension: ext) == .tsx) }
        #expect(Grammar(fileExtension: "swift") == nil)
    }

    @Test func parsesTypeScriptAndJSX() throws {
        let ts = try #require(SyntaxParser(grammar: .typescript).parse(SourceText("const x = <number>y;")))
        #expect(ts.firstSyntaxError() == nil)
        let tsx = try #require(SyntaxParser(grammar: .tsx).parse(SourceText("const a = <View style={s}>hi</View>;")))
        #expect(tsx.firstSyntaxError() == nil)
        #expect(tsx.root.kind == "program")
    }

    @Test func reportsTheFirstSyntaxError() throws {
        let tree = try #require(SyntaxParser(grammar: .typescript).parse(SourceText("const = ;\nlet ok = 1;")))
        let error = try #require(tree.firstSyntaxError())
        #expect(tree.source.position(of: error.startByte).line == 1)
    }

    /// The walk is iterative: a 20,000-deep expression does not overflow the stack.
    @Test func walkSurvivesDeepNesting() throws {
        let depth = 20_000
        let code = "x = " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth) + ";"
        let tree = try #require(SyntaxParser(grammar: .typescript).parse(SourceText(code)))
        var count = 0
        tree.walk { _ in count += 1; return true }
        #expect(count > depth)
    }

    @Test func walkVisitsInDocumentOrderAndCanSkipChildren() throws {
        let tree = try #require(SyntaxParser(grammar: .typescript).parse(SourceText("f(a); g(b);")))
        var identifiers: [String] = []
        tree.walk { node in
            if node.kind == "identifier" { identifiers.append(node.text) }
            return !(node.kind == "call_expression" && node.text.hasPrefix("g"))
        }
        #expect(identifiers == ["f", "a"])
    }

    /// The block-at-a-time comparison finds what a byte-at-a-time one finds, around block edges too.
    @Test func commonEndsMatchesAByteByByteComparison() {
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
        for _ in 0..<500 {
            let old = (0..<next(400)).map { _ in UInt8(97 + next(3)) }
            var new = old
            let at = next(new.count + 1)
            if next(2) == 0, at < new.count { new.removeSubrange(at..<min(new.count, at + next(70))) }
            new.insert(contentsOf: (0..<next(5)).map { _ in UInt8(97 + next(3)) }, at: min(at, new.count))
            var prefix = 0
            let shorter = min(old.count, new.count)
            while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
            let found = TextDifference.commonEnds(old, new)
            #expect(found.prefix == prefix && found.suffix == suffix)
        }
        #expect(TextDifference.commonEnds([], [1, 2]) == (0, 0))
    }

    @Test func containsWordOutsideARegion() {
        let text = SourceText("const marker = 1; markers; use(marker)")
        #expect(text.containsWord(Array("marker".utf8), outside: 0..<17))
        #expect(!text.containsWord(Array("marker".utf8), outside: 0..<40))
        #expect(!text.containsWord(Array("arker".utf8), outside: 0..<0))
    }
}
