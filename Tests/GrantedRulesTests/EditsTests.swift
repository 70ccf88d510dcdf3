import GrantedLinter
import GrantedSemantics
import GrantedSyntax
import Testing

/// The edit toolkit of the lint core (Sources/GrantedLinter/Edits), on its own: what the fixes of
/// `deprecated-should-show-alert` and `provisional-blind-check` are built from. The rules' fixtures
/// show the toolkit at work; these pin each piece, the corners the fixtures do not reach included.
enum EditsTestSupport {
    static func parse(_ code: String) throws -> SyntaxTree {
        try #require(SyntaxParser(grammar: .typescript).parse(SourceText(code)))
    }

    /// The first node of `kind` whose text is `text` (any text when nil), in source order.
    static func node(_ kind: NodeKind, _ text: String? = nil, in tree: SyntaxTree) throws -> Node {
        var found: Node?
        tree.walk { node in
            guard found == nil else { return false }
            if node.is(kind), text.map(node.textEquals) ?? true { found = node }
            return found == nil
        }
        return try #require(found, "no \(kind) \(text ?? "") in:\n\(tree.source.text(in: tree.root.byteRange))")
    }

    /// The byte offset where `needle` first occurs in `code`.
    static func offset(of needle: String, in code: String) throws -> Int {
        let found = try #require(code.range(of: needle))
        return code.utf8.distance(from: code.utf8.startIndex, to: found.lowerBound)
    }

    /// `code` with `edits` applied.
    static func applying(_ edits: [TextEdit], to code: String) -> String {
        let fix = Fix(title: "test", applicability: .safe, edits: edits)
        return String(decoding: FixApplier.apply([fix], to: Array(code.utf8)).bytes, as: UTF8.self)
    }
}

struct StylistTests {
    @Test func theLineEndingIsTheOneThatEndsTheLine() {
        let stylist = Stylist(SourceText("a;\r\nb;\nc;\rd;"))
        #expect(stylist.lineEnding(after: 0) == "\r\n")
        #expect(stylist.lineEnding(after: 4) == "\n")
        #expect(stylist.lineEnding(after: 7) == "\r")
        // The last line has none: the file's first.
        #expect(stylist.lineEnding(after: 10) == "\r\n")
        #expect(Stylist(SourceText("let a = 1;")).lineEnding(after: 0) == "\n")
    }

    @Test func indentationIsTheBlanksThatStartTheLine() throws {
        let code = "if (a) {\n\t  b();  c();\n}\n"
        let stylist = Stylist(SourceText(code))
        let b = try EditsTestSupport.offset(of: "b()", in: code)
        let c = try EditsTestSupport.offset(of: "c()", in: code)
        #expect(stylist.indentation(before: b) == "\t  ")
        #expect(stylist.indentation(before: c) == "", "code comes first on the line")
        #expect(stylist.lineIndentation(at: c) == "\t  ")
        #expect(stylist.startsLine(b))
        #expect(!stylist.startsLine(c))
        #expect(stylist.startsLine(0))
    }

    @Test func aMemberOnItsOwnLineIsFollowedOnTheNextLine() throws {
        let tree = try EditsTestSupport.parse("const a = {\r\n    one: 1,\r\n    two: 2,\r\n};\nconst b = { three: 3, four: 4 };\n")
        let stylist = Stylist(tree.source)
        #expect(stylist.memberSeparator(for: try EditsTestSupport.node(.pair, "one: 1", in: tree)) == "\r\n    ")
        #expect(stylist.memberSeparator(for: try EditsTestSupport.node(.pair, "three: 3", in: tree)) == " ")
    }
}

struct FreeNamesTests {
    /// Any word counts: in a string or a comment, `showAlert` may be what someone greps for.
    @Test func wordsAnywhereAreTaken() {
        var names = FreeNames(wordsOf: SourceText("// showAlert\nconst x = 'showAlert2';\nconst showAlert3x = 1;\n"))
        #expect(names.choose(["showAlert"]) == "showAlert3", "`showAlert3x` is another word")
    }

    /// Only variables count: a property name or a comment does not clash with a new variable.
    @Test func variablesAreTaken() throws {
        let tree = try EditsTestSupport.parse("// granted\nconst permissions = 1;\nexport const o = { granted: true, ios: permissions };\n")
        let model = SemanticModel(tree: tree, path: "a.ts")
        var names = FreeNames(variablesOf: model)
        #expect(names.choose(["granted"]) == "granted")
        #expect(names.choose(["permissions", "permissionResponse"]) == "permissionResponse")
    }

    /// Names one fix declares in overlapping regions differ; in separate functions they may repeat.
    @Test func aNameIsChosenOnceWhereItsRegionsOverlap() throws {
        let tree = try EditsTestSupport.parse("const a = 1;\n")
        var names = FreeNames(variablesOf: SemanticModel(tree: tree, path: "a.ts"), numberedUpTo: 3)
        #expect(names.choose(["deliverable"], in: 0..<10) == "deliverable")
        #expect(names.choose(["deliverable"], in: 20..<30) == "deliverable")
        #expect(names.choose(["deliverable"], in: 5..<25) == "deliverable2")
        #expect(names.choose(["deliverable"]) == "deliverable3", "nil: the whole file")
        #expect(names.choose(["deliverable"], in: 0..<10) == nil, "numbered up to 3 only")
        #expect(names.choose([]) == nil)
    }
}

struct EditsTests {
    @Test func aStatementGoesOnItsOwnLineBeforeAnother() throws {
        let code = "function f() {\r\n\tif (a) return 1;\r\n\tfoo(); return 2;\r\n}\r\n"
        let tree = try EditsTestSupport.parse(code)
        let ifStatement = try EditsTestSupport.node(.ifStatement, in: tree)
        let laterReturn = try EditsTestSupport.node(.returnStatement, "return 2;", in: tree)
        let edits = [
            Edits.insertion(of: "const x = 1;", before: ifStatement),
            Edits.insertion(of: "const y = 2;", before: laterReturn),
        ]
        #expect(EditsTestSupport.applying(edits, to: code)
                == "function f() {\r\n\tconst x = 1;\r\n\tif (a) return 1;\r\n\tfoo(); const y = 2; return 2;\r\n}\r\n")
    }

    @Test func aStatementGoesAfterAnotherAndItsComment() throws {
        let code = "function f() {\n  let a = 1; // first\n  let b = 2; foo();\n}"
        let tree = try EditsTestSupport.parse(code)
        let a = try EditsTestSupport.node(.lexicalDeclaration, "let a = 1;", in: tree)
        let b = try EditsTestSupport.node(.lexicalDeclaration, "let b = 2;", in: tree)
        let edits = [Edits.insertion(of: "let c = a;", after: a), Edits.insertion(of: "let d = b;", after: b)]
        #expect(EditsTestSupport.applying(edits, to: code)
                == "function f() {\n  let a = 1; // first\n  let c = a;\n  let b = 2; let d = b; foo();\n}")
    }

    @Test func itemsAreAppendedTheWayTheListIsWritten() throws {
        let inline = "const { status } = x;"
        let inlineTree = try EditsTestSupport.parse(inline)
        let inlineEdit = try #require(Edits.appending(["granted", "ios"], to: try EditsTestSupport.node(.objectPattern, in: inlineTree)))
        #expect(EditsTestSupport.applying([inlineEdit], to: inline) == "const { status, granted, ios } = x;")

        let trailing = "import {\n    a,\n    b, // the last\n} from 'm';\n"
        let trailingTree = try EditsTestSupport.parse(trailing)
        let trailingEdit = try #require(Edits.appending(["c"], to: try EditsTestSupport.node(.namedImports, in: trailingTree)))
        #expect(EditsTestSupport.applying([trailingEdit], to: trailing) == "import {\n    a,\n    b, // the last\n    c,\n} from 'm';\n")

        let noComma = "const {\r\n  status\r\n} = x;"
        let noCommaTree = try EditsTestSupport.parse(noComma)
        let noCommaEdit = try #require(Edits.appending(["granted"], to: try EditsTestSupport.node(.objectPattern, in: noCommaTree)))
        #expect(EditsTestSupport.applying([noCommaEdit], to: noComma) == "const {\r\n  status,\r\n  granted\r\n} = x;")

        let empty = try EditsTestSupport.parse("const {} = x;")
        #expect(Edits.appending(["granted"], to: try EditsTestSupport.node(.objectPattern, in: empty)) == nil)
    }

    @Test func aMemberIsDeletedWithItsLineAndTheLineSaysWhichComment() throws {
        let code = "const o = {\r\n  a: 1, // old\r\n  b: 2,\r\n};\nconst p = { c: 3, d: 4 };\n"
        let tree = try EditsTestSupport.parse(code)
        let ownLine = Edits.deletion(of: try EditsTestSupport.node(.pair, "a: 1", in: tree))
        #expect(ownLine.deletedComment == "// old")
        #expect(EditsTestSupport.applying([ownLine.edit], to: code) == "const o = {\r\n  b: 2,\r\n};\nconst p = { c: 3, d: 4 };\n")
        let inline = Edits.deletion(of: try EditsTestSupport.node(.pair, "c: 3", in: tree))
        #expect(inline.deletedComment == nil)
        #expect(EditsTestSupport.applying([inline.edit], to: code) == "const o = {\r\n  a: 1, // old\r\n  b: 2,\r\n};\nconst p = { d: 4 };\n")
    }

    @Test func oneFixsEditsAreCombined() {
        let combined = Edits.combined([
            TextEdit(range: 10..<12, replacement: "x"),
            TextEdit(range: 4..<4, replacement: "a"),
            TextEdit(range: 0..<2, replacement: "y"),
            TextEdit(range: 4..<4, replacement: "b"),
        ])
        #expect(combined == [
            TextEdit(range: 0..<2, replacement: "y"),
            TextEdit(range: 4..<4, replacement: "ab"),
            TextEdit(range: 10..<12, replacement: "x"),
        ], "insertions at one offset in the order given, everything by position")
        #expect(Edits.combined([TextEdit(range: 2..<6, replacement: "x"), TextEdit(range: 4..<4, replacement: "a")]) == nil, "inside a replacement")
        #expect(Edits.combined([TextEdit(range: 2..<6, replacement: "x"), TextEdit(range: 2..<2, replacement: "a")]) == nil, "where a replacement starts")
        #expect(Edits.combined([TextEdit(range: 2..<6, replacement: "x"), TextEdit(range: 5..<8, replacement: "y")]) == nil, "overlapping replacements")
        #expect(Edits.combined([TextEdit(range: 2..<6, replacement: "x"), TextEdit(range: 6..<6, replacement: "a")]) != nil, "just after one")
    }
}

/// An arrow's expression body becomes a block: `{ statement; return body; }`.
struct BlockBodyTests {
    /// The block body of the first arrow of `code`, `part` of its body rewritten as `rewrite` says.
    static func blockBody(_ code: String, part: String, statement: String = "const x = f();",
                          rewrite: @escaping (String) -> String = { _ in "v: x" }) throws -> String {
        let tree = try EditsTestSupport.parse(code)
        let arrow = try EditsTestSupport.node(.arrowFunction, in: tree)
        let body = try #require(arrow.child(byField: .body))
        let start = try EditsTestSupport.offset(of: part, in: code)
        let edit = Edits.blockBody(of: arrow, body: body, statement: statement,
                                   rewriting: start..<(start + part.utf8.count), as: rewrite)
        return EditsTestSupport.applying([edit], to: code)
    }

    @Test func anInlineBodyBecomesABlockOneLevelDeeper() throws {
        let code = "const h = {\n    handle: (n) => ({ v: f(), w: 1 }),\n};\n"
        #expect(try Self.blockBody(code, part: "v: f()") == "const h = {\n    handle: (n) => {\n        const x = f();\n        return { v: x, w: 1 };\n    },\n};\n")
    }

    /// A multi-line body moves one level deeper (tabs, CRLF), but the lines inside a template do not.
    @Test func aMultiLineBodyMovesAndItsStringsStay() throws {
        let code = "const h = {\r\n\thandle: (n) => ({\r\n\t\tv: f(),\r\n\t\tt: `a\r\nb`,\r\n\t}),\r\n};\r\n"
        let fixed = try Self.blockBody(code, part: "v: f()") { added in "v: x,\r\n\t\t\(added)u: x" }
        #expect(fixed == "const h = {\r\n\thandle: (n) => {\r\n\t\tconst x = f();\r\n\t\treturn {\r\n\t\t\tv: x,\r\n\t\t\tu: x,\r\n\t\t\tt: `a\r\nb`,\r\n\t\t};\r\n\t},\r\n};\r\n")
    }

    /// `=>` with the body on the next line: the block opens after `=>`, and the body's indentation
    /// becomes the statements'.
    @Test func aBodyUnderTheArrowKeepsItsIndentation() throws {
        let code = "const handle = async () =>\n  ({ v: f() });\n"
        #expect(try Self.blockBody(code, part: "v: f()") == "const handle = async () => {\n  const x = f();\n  return { v: x };\n};\n")
    }
}
