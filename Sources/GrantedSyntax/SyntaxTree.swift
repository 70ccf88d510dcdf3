import CTreeSitter

/// Parses source bytes. Not thread-safe: use one parser per thread.
public final class SyntaxParser {
    private let parser: OpaquePointer
    public let grammar: Grammar

    public init(grammar: Grammar) {
        parser = ts_parser_new()
        self.grammar = grammar
        ts_parser_set_language(parser, grammar.language)
    }

    deinit { ts_parser_delete(parser) }

    /// Bounds the time one parse may take; 0 means no limit.
    public var timeoutMicroseconds: UInt64 {
        get { ts_parser_timeout_micros(parser) }
        set { ts_parser_set_timeout_micros(parser, newValue) }
    }

    /// Parses UTF-8 bytes. Returns nil when the parse was cancelled by the timeout. A file that needs
    /// error recovery gets a second look for valid constructs the grammar does not know
    /// (`GrammarGaps`); the tree always reads its text from `source` as written.
    public func parse(_ source: SourceText) -> SyntaxTree? {
        guard let raw = parse(bytes: source.bytes) else { return nil }
        let tree = SyntaxTree(tree: raw, source: source, grammar: grammar)
        guard ts_node_has_error(ts_tree_root_node(raw)) else { return tree }
        return readingGrammarGaps(tree)
    }

    private func parse(bytes: [UInt8]) -> OpaquePointer? {
        let tree: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) { chars in
                ts_parser_parse_string_encoding(parser, nil, chars, UInt32(buffer.count), TSInputEncodingUTF8)
            }
        }
        ts_parser_reset(parser)
        return tree
    }

    /// Tries the same-length rewrites one at a time and keeps those that leave fewer errors.
    private func readingGrammarGaps(_ original: SyntaxTree) -> SyntaxTree {
        func errors(_ tree: SyntaxTree) -> (count: Int, bytes: Int) {
            let nodes = tree.syntaxErrors(limit: 1000)
            return (nodes.count, nodes.reduce(0) { $0 + max(1, $1.endByte - $1.startByte) })
        }
        var best = original
        var bestErrors = errors(original)
        var bytes = original.source.bytes
        for rewrite in GrammarGaps.candidates(in: bytes).prefix(GrammarGaps.maximumAttempts) {
            if bestErrors.count == 0 { break }
            var candidate = bytes
            candidate.replaceSubrange(rewrite.range, with: rewrite.replacement)
            guard let raw = parse(bytes: candidate) else { break }
            let tree = SyntaxTree(tree: raw, source: original.source, grammar: grammar)
            let candidateErrors = errors(tree)
            if candidateErrors < bestErrors {
                best = tree
                bestErrors = candidateErrors
                bytes = candidate
            }
        }
        return best
    }
}

/// A parsed file. Owns the C tree; nodes keep it alive.
public final class SyntaxTree {
    let tree: OpaquePointer
    public let source: SourceText
    public let grammar: Grammar
    let kindNames: [String]
    let fieldIds: [String: TSFieldId]

    init(tree: OpaquePointer, source: SourceText, grammar: Grammar) {
        self.tree = tree
        self.source = source
        self.grammar = grammar
        self.kindNames = grammar.kindNames
        self.fieldIds = grammar.fieldIds
    }

    deinit { ts_tree_delete(tree) }

    public var root: Node { Node(raw: ts_tree_root_node(tree), tree: self) }

    /// Visits every node in document order (pre-order) without recursion, so that deeply nested
    /// expressions cannot overflow the stack. Return false from `visit` to skip a node's children.
    public func walk(_ visit: (Node) -> Bool) {
        var cursor = ts_tree_cursor_new(ts_tree_root_node(tree))
        defer { ts_tree_cursor_delete(&cursor) }
        while true {
            let node = Node(raw: ts_tree_cursor_current_node(&cursor), tree: self)
            if visit(node), ts_tree_cursor_goto_first_child(&cursor) { continue }
            while !ts_tree_cursor_goto_next_sibling(&cursor) {
                if !ts_tree_cursor_goto_parent(&cursor) { return }
            }
        }
    }

    /// Whether the tree nests deeper than `limit` levels (stops looking as soon as it does).
    public func nests(deeperThan limit: Int) -> Bool {
        var cursor = ts_tree_cursor_new(ts_tree_root_node(tree))
        defer { ts_tree_cursor_delete(&cursor) }
        var depth = 0
        while true {
            if ts_tree_cursor_goto_first_child(&cursor) {
                depth += 1
                if depth > limit { return true }
                continue
            }
            while !ts_tree_cursor_goto_next_sibling(&cursor) {
                guard ts_tree_cursor_goto_parent(&cursor) else { return false }
                depth -= 1
            }
        }
    }

    /// The nodes that are errors or missing tokens, in document order (at most `limit`); an error
    /// node's own children are not searched.
    public func syntaxErrors(limit: Int = 20) -> [Node] {
        guard ts_node_has_error(ts_tree_root_node(tree)) else { return [] }
        var found: [Node] = []
        walk { node in
            if found.count >= limit { return false }
            if node.isError || node.isMissing { found.append(node); return false }
            return node.hasError
        }
        return found
    }

    /// The first node that is an error or a missing token, if the parse needed recovery.
    public func firstSyntaxError() -> Node? {
        guard ts_node_has_error(ts_tree_root_node(tree)) else { return nil }
        var found: Node?
        walk { node in
            if found != nil { return false }
            if node.isError || node.isMissing { found = node; return false }
            return node.hasError
        }
        return found
    }
}
