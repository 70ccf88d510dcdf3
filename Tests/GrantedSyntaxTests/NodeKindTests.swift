import CTreeSitter
import CTreeSitterTypeScript
import Foundation
import GrantedSyntax
import Testing

/// `NodeKind` is the only way code names a node kind: every case must be a kind of both grammars
/// (a misspelt case would be a rule that never fires), and no kind is compared as a string.
struct NodeKindTests {
    private static let languages: [(name: String, language: OpaquePointer)] = [
        ("TypeScript", tree_sitter_typescript()),
        ("TSX", tree_sitter_tsx()),
    ]

    /// The symbol ids tree-sitter gives `name` as a named and as an anonymous node (0: none).
    private static func symbols(of name: String, in language: OpaquePointer) -> (named: TSSymbol, anonymous: TSSymbol) {
        let bytes = Array(name.utf8CString)
        let length = UInt32(bytes.count - 1)
        return bytes.withUnsafeBufferPointer { buffer in
            (ts_language_symbol_for_name(language, buffer.baseAddress, length, true),
             ts_language_symbol_for_name(language, buffer.baseAddress, length, false))
        }
    }

    /// The kinds one grammar has and the other lacks: JSX exists only in TSX, `<T>expr` casts only in
    /// TypeScript. Every other case must be a kind of both grammars.
    private static let onlyIn: [NodeKind: String] = [
        .jsxExpression: "TSX",
        .jsxAttribute: "TSX",
        .jsxOpeningElement: "TSX",
        .jsxSelfClosingElement: "TSX",
        .typeAssertion: "TypeScript",
    ]

    @Test(arguments: NodeKind.allCases)
    func kindIsInTheGrammars(_ kind: NodeKind) {
        for (grammar, language) in Self.languages {
            let (named, anonymous) = Self.symbols(of: kind.rawValue, in: language)
            let found = [named != 0 ? "named (symbol \(named))" : nil, anonymous != 0 ? "anonymous (symbol \(anonymous))" : nil]
                .compactMap { $0 }
            let described = found.isEmpty ? "neither named nor anonymous" : found.joined(separator: " and ")
            if let only = Self.onlyIn[kind], only != grammar {
                #expect(found.isEmpty, "NodeKind.\(String(describing: kind)) = \"\(kind.rawValue)\" is listed as \(only)-only but the \(grammar) grammar has it: \(described)")
            } else {
                #expect(!found.isEmpty, "NodeKind.\(String(describing: kind)) = \"\(kind.rawValue)\" is not a node kind of the \(grammar) grammar: \(described)")
            }
        }
    }

    /// The table `Node.nodeKind` reads maps each kind's symbols back to the kind.
    @Test(arguments: NodeKind.allCases.filter { $0 != .error })
    func symbolTableMapsBackToKind(_ kind: NodeKind) throws {
        for grammar in Grammar.allCases {
            let tree = try #require(SyntaxParser(grammar: grammar).parse(SourceText("x")))
            let names = tree.kindNamesBySymbol
            let kinds = tree.nodeKindsBySymbol
            #expect(names.count == kinds.count)
            let symbols = names.indices.filter { names[$0] == kind.rawValue }
            let other = grammar == .tsx ? "TypeScript" : "TSX"
            #expect(symbols.isEmpty == (Self.onlyIn[kind] == other), "symbols named \"\(kind.rawValue)\" in \(grammar): \(symbols)")
            for symbol in symbols { #expect(kinds[symbol] == kind) }
        }
    }

    @Test func nodeKindAndIsFollowTheKindName() throws {
        let tree = try #require(SyntaxParser(grammar: .tsx).parse(SourceText("f(a, true); let x = (y)!;")))
        var seen = 0
        tree.walk { node in
            let expected = NodeKind(rawValue: node.kind)
            #expect(node.nodeKind == expected, "\(node.kind)")
            if let expected { #expect(node.is(expected)) }
            for other in NodeKind.allCases where other != expected { #expect(!node.is(other)) }
            seen += 1
            return true
        }
        #expect(seen > 10)
        #expect(tree.root.is(.program))
        let broken = try #require(SyntaxParser(grammar: .tsx).parse(SourceText("let = = ;")))
        let error = try #require(broken.firstSyntaxError())
        if !error.isMissing { #expect(error.is(.error)) }
    }

    // MARK: - No kind spelt as a string

    private static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// Ways a node kind used to be compared as a string.
    private static let stringComparisons: [(what: String, pattern: String)] = [
        ("`.kind == \"…\"` or `.kind != \"…\"`", #"\bkind\s*(==|!=)\s*""#),
        ("`\"…\" == x.kind`", #""\s*(==|!=)\s*[\w.?!()\[\]$]*\.kind\b"#),
        ("`case \"…_…\"` (a kind name in a switch)", #"\bcase\s+"[A-Za-z]+_[A-Za-z_]*""#),
        ("`….contains(x.kind)`", #"\.contains\([^()]*(\([^()]*\))?[^()]*\.kind\)"#),
        ("a `Set<String>` of kinds", #"[kK]inds\s*:\s*Set<String>"#),
    ]

    @Test func noNodeKindIsComparedAsAString() throws {
        let root = Self.packageRoot
        var swiftFiles: [URL] = []
        for directory in ["Sources", "Rules"] {
            let enumerator = try #require(FileManager.default.enumerator(at: root.appendingPathComponent(directory), includingPropertiesForKeys: nil))
            for case let url as URL in enumerator where url.pathExtension == "swift" { swiftFiles.append(url) }
        }
        #expect(swiftFiles.count > 20)
        let expressions = try Self.stringComparisons.map { ($0.what, try NSRegularExpression(pattern: $0.pattern)) }
        var offences: [String] = []
        for url in swiftFiles {
            let text = try String(contentsOf: url, encoding: .utf8)
            for (number, line) in text.components(separatedBy: "\n").enumerated() {
                let range = NSRange(line.startIndex..., in: line)
                for (what, expression) in expressions where expression.firstMatch(in: line, range: range) != nil {
                    let path = url.path.replacingOccurrences(of: root.path + "/", with: "")
                    offences.append("\(path):\(number + 1): \(what): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(offences.isEmpty, "node kinds compared as strings (use NodeKind):\n\(offences.joined(separator: "\n"))")
    }
}
