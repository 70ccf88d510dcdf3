import CTreeSitter

/// A syntax node: a value that keeps its tree alive.
public struct Node {
    let raw: TSNode
    public let tree: SyntaxTree

    init(raw: TSNode, tree: SyntaxTree) {
        self.raw = raw
        self.tree = tree
    }

    init?(_ raw: TSNode, tree: SyntaxTree) {
        if ts_node_is_null(raw) { return nil }
        self.raw = raw
        self.tree = tree
    }

    public var kind: String {
        let symbol = Int(ts_node_symbol(raw))
        if symbol < tree.kindNames.count { return tree.kindNames[symbol] }
        // The error symbol (65535) lies outside the grammar's symbol table.
        return ts_node_type(raw).map { String(cString: $0) } ?? ""
    }

    /// The node's kind as a `NodeKind`, nil for a kind the code does not name. A table lookup by
    /// symbol id: no string is built or compared.
    @inline(__always)
    public var nodeKind: NodeKind? {
        let symbol = Int(ts_node_symbol(raw))
        if symbol < tree.nodeKinds.count { return tree.nodeKinds[symbol] }
        // The error symbol (65535) lies outside the grammar's symbol table.
        return NodeKind(rawValue: kind)
    }

    /// Whether the node is of kind `kind`.
    @inline(__always)
    public func `is`(_ kind: NodeKind) -> Bool { nodeKind == kind }

    /// The grammar symbol id; the same kind name can map to several ids.
    public var symbol: Int { Int(ts_node_symbol(raw)) }

    public var isNamed: Bool { ts_node_is_named(raw) }
    public var isError: Bool { nodeKind == .error }
    public var isMissing: Bool { ts_node_is_missing(raw) }
    public var hasError: Bool { ts_node_has_error(raw) }

    public var startByte: Int { Int(ts_node_start_byte(raw)) }
    public var endByte: Int { Int(ts_node_end_byte(raw)) }
    public var byteRange: Range<Int> { startByte..<endByte }

    /// The node's source text.
    public var text: String { tree.source.text(in: byteRange) }

    /// Compares the node's source text with `string` without building a String.
    public func textEquals(_ string: String) -> Bool { tree.source.bytes(in: byteRange, equal: string) }

    public var parent: Node? { Node(ts_node_parent(raw), tree: tree) }

    public var childCount: Int { Int(ts_node_child_count(raw)) }
    public var namedChildCount: Int { Int(ts_node_named_child_count(raw)) }

    public func child(_ index: Int) -> Node? { Node(ts_node_child(raw, UInt32(index)), tree: tree) }
    public func namedChild(_ index: Int) -> Node? { Node(ts_node_named_child(raw, UInt32(index)), tree: tree) }

    /// All children, in order. Iterated with a cursor: `ts_node_child(i)` costs O(i), which made
    /// listing the statements of a huge file quadratic.
    public var children: [Node] { childNodes(namedOnly: false) }
    public var namedChildren: [Node] { childNodes(namedOnly: true) }

    private func childNodes(namedOnly: Bool) -> [Node] {
        var result: [Node] = []
        var cursor = ts_tree_cursor_new(raw)
        defer { ts_tree_cursor_delete(&cursor) }
        guard ts_tree_cursor_goto_first_child(&cursor) else { return [] }
        repeat {
            let node = ts_tree_cursor_current_node(&cursor)
            if !namedOnly || ts_node_is_named(node) { result.append(Node(raw: node, tree: tree)) }
        } while ts_tree_cursor_goto_next_sibling(&cursor)
        return result
    }

    public func child(byField field: FieldName) -> Node? {
        let id = tree.fieldTable[field.rawValue]
        guard id != 0 else { return nil }
        return Node(ts_node_child_by_field_id(raw, id), tree: tree)
    }

    /// All children attached to the field (tree-sitter allows several, e.g. decorators).
    public func children(byField field: FieldName) -> [Node] {
        let id = tree.fieldTable[field.rawValue]
        guard id != 0 else { return [] }
        var result: [Node] = []
        var cursor = ts_tree_cursor_new(raw)
        defer { ts_tree_cursor_delete(&cursor) }
        guard ts_tree_cursor_goto_first_child(&cursor) else { return [] }
        repeat {
            if ts_tree_cursor_current_field_id(&cursor) == id {
                result.append(Node(raw: ts_tree_cursor_current_node(&cursor), tree: tree))
            }
        } while ts_tree_cursor_goto_next_sibling(&cursor)
        return result
    }

    public var nextNamedSibling: Node? { Node(ts_node_next_named_sibling(raw), tree: tree) }
    public var previousNamedSibling: Node? { Node(ts_node_prev_named_sibling(raw), tree: tree) }

    /// Identity within one tree: two nodes are the same when kind and range agree.
    public var id: NodeID { NodeID(start: startByte, end: endByte, symbol: ts_node_symbol(raw)) }

    /// The smallest node below this one that spans `range`.
    public func descendant(spanning range: Range<Int>) -> Node? {
        Node(ts_node_descendant_for_byte_range(raw, UInt32(range.lowerBound), UInt32(range.upperBound)), tree: tree)
    }

    /// Whether `other` lies within this node's range.
    public func contains(_ other: Node) -> Bool {
        startByte <= other.startByte && other.endByte <= endByte
    }

    /// The S-expression tree-sitter prints for this node; for tests and debugging.
    public var sExpression: String {
        guard let pointer = ts_node_string(raw) else { return "" }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}

public struct NodeID: Hashable, Sendable {
    public let start: Int
    public let end: Int
    public let symbol: UInt16

    /// One word for the hasher instead of three (analyses key many tables by node).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(UInt64(truncatingIfNeeded: start) << 32 ^ UInt64(truncatingIfNeeded: end) ^ UInt64(symbol) << 52)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
