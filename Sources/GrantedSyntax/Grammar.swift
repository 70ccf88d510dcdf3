import CTreeSitter
import CTreeSitterTypeScript

/// The grammars granted-lint parses with. TSX is a superset that also parses plain JavaScript and JSX,
/// so every JavaScript flavour goes through it; `.ts` files need the TypeScript grammar because
/// `<T>expr` casts are not JSX there.
public enum Grammar: String, Sendable, CaseIterable {
    case typescript
    case tsx

    /// The grammar for a file extension (without the dot), or nil when granted-lint does not lint it.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "ts", "mts", "cts": self = .typescript
        case "tsx", "js", "jsx", "mjs", "cjs": self = .tsx
        default: return nil
        }
    }

    public static let defaultExtensions: [String] = ["ts", "mts", "cts", "tsx", "js", "jsx", "mjs", "cjs"]

    var language: OpaquePointer {
        switch self {
        case .typescript: return tree_sitter_typescript()
        case .tsx: return tree_sitter_tsx()
        }
    }

    /// Node kind names by symbol id, read once per grammar so that asking a node for its kind does not
    /// convert a C string every time.
    var kindNames: [String] {
        switch self {
        case .typescript: return Grammar.typescriptKinds
        case .tsx: return Grammar.tsxKinds
        }
    }

    /// `kindNames` as `NodeKind`s (nil for a kind the code does not name), indexed by symbol id.
    var nodeKinds: [NodeKind?] {
        switch self {
        case .typescript: return Grammar.typescriptNodeKinds
        case .tsx: return Grammar.tsxNodeKinds
        }
    }

    private static let typescriptNodeKinds = typescriptKinds.map { NodeKind(rawValue: $0) }
    private static let tsxNodeKinds = tsxKinds.map { NodeKind(rawValue: $0) }

    /// Field ids by name, as the grammar has them.
    var fieldIds: [String: TSFieldId] {
        switch self {
        case .typescript: return Grammar.typescriptFields
        case .tsx: return Grammar.tsxFields
        }
    }

    /// The ids of `FieldName`'s cases, indexed by their raw values (0 for a field the grammar lacks).
    var fieldTable: [TSFieldId] {
        switch self {
        case .typescript: return Grammar.typescriptFieldTable
        case .tsx: return Grammar.tsxFieldTable
        }
    }

    private static let typescriptFields = readFieldIds(tree_sitter_typescript())
    private static let tsxFields = readFieldIds(tree_sitter_tsx())
    private static let typescriptFieldTable = FieldName.allCases.map { typescriptFields[$0.grammarName] ?? 0 }
    private static let tsxFieldTable = FieldName.allCases.map { tsxFields[$0.grammarName] ?? 0 }

    private static func readFieldIds(_ language: OpaquePointer) -> [String: TSFieldId] {
        var ids: [String: TSFieldId] = [:]
        let count = ts_language_field_count(language)
        guard count > 0 else { return ids }
        for id in 1...count {
            if let name = ts_language_field_name_for_id(language, TSFieldId(id)) { ids[String(cString: name)] = TSFieldId(id) }
        }
        return ids
    }

    private static let typescriptKinds = readKindNames(tree_sitter_typescript())
    private static let tsxKinds = readKindNames(tree_sitter_tsx())

    private static func readKindNames(_ language: OpaquePointer) -> [String] {
        let count = Int(ts_language_symbol_count(language))
        return (0..<count).map { symbol in
            guard let name = ts_language_symbol_name(language, TSSymbol(symbol)) else { return "" }
            return String(cString: name)
        }
    }
}

extension SyntaxTree {
    /// The kind names of this tree's grammar, indexed by symbol id.
    public var kindNamesBySymbol: [String] { kindNames }

    /// The `NodeKind` of each symbol id of this tree's grammar (nil for a kind without a case).
    public var nodeKindsBySymbol: [NodeKind?] { nodeKinds }
}
