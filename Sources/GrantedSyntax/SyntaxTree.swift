import CTreeSitter
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// Bounds the time one parse may take; 0 means no limit. Handed to every parse
    /// (`granted_lint_parse_utf8`, CTreeSitter's shim.h): tree-sitter 0.26 has no such setting on the
    /// parser any more.
    public var timeoutMicroseconds: UInt64 = 0

    /// Parses UTF-8 bytes. Returns nil when the parse was cancelled by the timeout. A file that needs
    /// error recovery gets a second look for valid constructs the grammar does not know
    /// (`GrammarGaps`); the tree always reads its text from `source` as written.
    public func parse(_ source: SourceText) -> SyntaxTree? {
        parse(source, reusing: nil)
    }

    /// Parses `source` reusing the unchanged parts of `previous`, the tree of an earlier text of the
    /// same file (an editor's buffer before an edit): tree-sitter then re-parses only around the
    /// changed bytes. The two texts' difference is taken as one edit, from the first byte that
    /// differs to the last.
    public func parse(_ source: SourceText, reusing previous: SyntaxTree?) -> SyntaxTree? {
        var old: OpaquePointer?
        if let previous, previous.grammar == grammar, previous.parsedFromSource, let copy = ts_tree_copy(previous.tree) {
            var edit = Self.edit(from: previous.source.bytes, to: source.bytes)
            ts_tree_edit(copy, &edit)
            old = copy
        }
        defer { if let old { ts_tree_delete(old) } }
        guard let raw = parse(bytes: source.bytes, previous: old) else { return nil }
        let tree = SyntaxTree(tree: raw, source: source, grammar: grammar)
        guard ts_node_has_error(ts_tree_root_node(raw)) else { return tree }
        return readingGrammarGaps(tree)
    }

    /// The one edit that turns `old` into `new`: common prefix and suffix kept.
    static func edit(from old: [UInt8], to new: [UInt8]) -> TSInputEdit {
        let (prefix, suffix) = TextDifference.commonEnds(old, new)
        func point(_ bytes: [UInt8], _ offset: Int) -> TSPoint {
            var row: UInt32 = 0
            var lineStart = 0
            bytes.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress else { return }
                var position = 0
                while position < offset, let found = memchr(base + position, 0x0A, offset - position) {
                    position = base.distance(to: UnsafeRawPointer(found)) + 1
                    row += 1
                    lineStart = position
                }
            }
            return TSPoint(row: row, column: UInt32(offset - lineStart))
        }
        return TSInputEdit(
            start_byte: UInt32(prefix), old_end_byte: UInt32(old.count - suffix), new_end_byte: UInt32(new.count - suffix),
            start_point: point(old, prefix), old_end_point: point(old, old.count - suffix), new_end_point: point(new, new.count - suffix)
        )
    }

    private func parse(bytes: [UInt8], previous: OpaquePointer? = nil) -> OpaquePointer? {
        // The lexer reads a NUL as the end of the input; the only NULs that reach the parser are
        // inside strings, templates and comments (others make the file binary), where a space
        // means the same to the grammar. The tree's offsets are unchanged, and node text is read
        // from the file's own bytes.
        var bytes = bytes
        if bytes.contains(0) {
            for index in bytes.indices where bytes[index] == 0 { bytes[index] = 0x20 }
        }
        let tree: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) { chars in
                granted_lint_parse_utf8(parser, previous, chars, UInt32(buffer.count), timeoutMicroseconds)
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
            tree.parsedFromSource = false
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
    let nodeKinds: [NodeKind?]
    /// The grammar's field ids, indexed by `FieldName.rawValue` (0: the grammar has no such field).
    let fieldTable: [TSFieldId]
    /// False when the tree was parsed from rewritten bytes (`GrammarGaps`): it cannot seed an
    /// incremental parse of the text as written.
    var parsedFromSource = true

    init(tree: OpaquePointer, source: SourceText, grammar: Grammar) {
        self.tree = tree
        self.source = source
        self.grammar = grammar
        self.kindNames = grammar.kindNames
        self.nodeKinds = grammar.nodeKinds
        self.fieldTable = grammar.fieldTable
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

    /// `walk`, stopping (and returning false) as soon as it would go deeper than `depthLimit`
    /// levels: one pass both visits the nodes and checks the depth.
    @discardableResult
    public func walk(depthLimit: Int, _ visit: (Node) -> Bool) -> Bool {
        var cursor = ts_tree_cursor_new(ts_tree_root_node(tree))
        defer { ts_tree_cursor_delete(&cursor) }
        var depth = 0
        while true {
            let node = Node(raw: ts_tree_cursor_current_node(&cursor), tree: self)
            if visit(node), ts_tree_cursor_goto_first_child(&cursor) {
                depth += 1
                if depth > depthLimit { return false }
                continue
            }
            while !ts_tree_cursor_goto_next_sibling(&cursor) {
                if !ts_tree_cursor_goto_parent(&cursor) { return true }
                depth -= 1
            }
        }
    }

    /// `walk(depthLimit:_:)`, handing each node its parent too: `Node.parent` asks tree-sitter, which
    /// walks down from the root every time (thousands of instructions a call), while the walk knows.
    @discardableResult
    public func walkWithParents(depthLimit: Int, _ visit: (_ node: Node, _ parent: Node?) -> Bool) -> Bool {
        var cursor = ts_tree_cursor_new(ts_tree_root_node(tree))
        defer { ts_tree_cursor_delete(&cursor) }
        var ancestors: [Node] = []
        while true {
            let node = Node(raw: ts_tree_cursor_current_node(&cursor), tree: self)
            if visit(node, ancestors.last), ts_tree_cursor_goto_first_child(&cursor) {
                ancestors.append(node)
                if ancestors.count > depthLimit { return false }
                continue
            }
            while !ts_tree_cursor_goto_next_sibling(&cursor) {
                if !ts_tree_cursor_goto_parent(&cursor) { return true }
                ancestors.removeLast()
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
