import Foundation
import GrantedSyntax
import GrantedSemantics

/// A file tree-sitter could parse only with error recovery. Valid code the grammar does not know
/// ends up here too, so this is the tool's limitation to report, not the user's error: a notification,
/// never a finding (unless the user asks for `--strict-syntax`).
public struct ParseRecovery: Hashable, Sendable {
    /// A region tree-sitter recovered from: an ERROR node, or a token it had to invent.
    public struct Region: Hashable, Sendable {
        public let range: Range<Int>
        /// "unexpected `&`" or "missing `;`".
        public let description: String
    }

    /// A function that works with notification permission and overlaps a recovered region: its
    /// findings may be incomplete.
    public struct AffectedFunction: Hashable, Sendable {
        /// The whole function (or, at module level, the recovered region itself).
        public let range: Range<Int>
        /// Its name, when it has one.
        public let name: String?
    }

    /// The recovered regions, in document order (at most 20).
    public let regions: [Region]
    public let affected: [AffectedFunction]

    public var first: Region { regions[0] }

    /// Whether a byte offset lies in an affected function (for the inventory's marks).
    public func mayBeIncomplete(at offset: Int) -> Bool {
        affected.contains { $0.range.contains(offset) }
    }

    /// The recovery of a parsed file, or nil when it parsed cleanly. `model` (built on demand, only
    /// for files that need recovery) finds the permission sites.
    public static func of(_ tree: SyntaxTree, model: () -> SemanticModel?) -> ParseRecovery? {
        let errors = tree.syntaxErrors()
        guard !errors.isEmpty else { return nil }
        let regions = errors.map { node in
            Region(range: node.startByte..<max(node.endByte, node.startByte), description: describe(node))
        }
        var affected: [AffectedFunction] = []
        if let model = model() {
            var seen = Set<Range<Int>>()
            for site in PermissionInventory.sites(in: model) {
                let node = tree.root.descendant(spanning: site.range) ?? tree.root
                let function = model.enclosingFunction(of: node)
                // At module level the recovered region itself is what may hide a finding.
                let scope = function?.byteRange ?? regions.first(where: { overlaps($0.range, site.range) })?.range
                guard let scope, regions.contains(where: { overlaps($0.range, scope) }), seen.insert(scope).inserted else { continue }
                affected.append(AffectedFunction(range: scope, name: function.flatMap(name(of:))))
            }
        }
        return ParseRecovery(regions: regions, affected: affected.sorted { $0.range.lowerBound < $1.range.lowerBound })
    }

    private static func overlaps(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        a.lowerBound < b.upperBound && b.lowerBound < a.upperBound || (a.isEmpty && b.contains(a.lowerBound))
    }

    private static func describe(_ node: Node) -> String {
        if node.isMissing { return "missing `\(node.kind)`" }
        var text = node.text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        text = text.trimmingCharacters(in: .whitespaces)
        if text.count > 40 { text = String(text.prefix(40)) + "…" }
        return text.isEmpty ? "unexpected text" : "unexpected `\(text)`"
    }

    /// `function register()`, `const register = () =>`, `register() {}` in a class or object.
    private static func name(of function: Node) -> String? {
        if let name = function.child(byField: .name) { return name.text }
        if let parent = function.parent, parent.is(.variableDeclarator) || parent.is(.pair) || parent.is(.assignmentExpression) {
            return (parent.child(byField: .name) ?? parent.child(byField: .key) ?? parent.child(byField: .left))?.text
        }
        return nil
    }
}
