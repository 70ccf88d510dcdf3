import GrantedSyntax
import GrantedSemantics

/// An example in a rule's description. `↓` marks where a finding must start; an example with no
/// marker must produce no finding. Examples are the rule's tests.
public struct RuleExample: ExpressibleByStringLiteral, Sendable {
    public let code: String
    /// Where the example's file would live; the extension picks the grammar and a name such as
    /// `push.android.ts` makes the whole file Android-only.
    public let path: String

    public init(_ code: String, path: String = "example.tsx") {
        self.code = code
        self.path = path
    }

    public init(stringLiteral value: String) { self.init(value) }
}

/// A fix example: `before` (with `↓` markers) becomes `after` when the rule's fixes are applied.
public struct RuleCorrection: Sendable {
    public let before: String
    public let after: String
    public let applicability: Fix.Applicability

    public init(_ before: String, _ after: String, applicability: Fix.Applicability = .safe) {
        self.before = before
        self.after = after
        self.applicability = applicability
    }
}

public enum FixAvailability: String, Sendable {
    case none
    case sometimes
    case always
}

/// Everything a user, a reporter or a test needs to know about a rule, in one place.
public struct RuleDescription: Sendable {
    /// Stable kebab-case identifier.
    public let id: String
    /// One line, shown in `--list-rules` and as SARIF's short description.
    public let summary: String
    /// Markdown with the sections What it does / Why is this bad? / Example / Fix safety / References.
    public let rationale: String
    public let defaultSeverity: Severity
    public let fixAvailability: FixAvailability
    public let tags: [String]
    /// SARIF precision: very-high, high, medium or low.
    public let precision: String
    public let triggeringExamples: [RuleExample]
    public let nonTriggeringExamples: [RuleExample]
    public let corrections: [RuleCorrection]
    /// The rule's findings, each a message with its notes and help (`RuleContext.report(_:_:)`).
    public let messages: [RuleMessage]
    /// `messages` by id.
    public let messageTable: [String: RuleMessage]

    public init(
        id: String, summary: String, rationale: String, defaultSeverity: Severity,
        fixAvailability: FixAvailability = .none, tags: [String] = [], precision: String = "high",
        triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample],
        corrections: [RuleCorrection] = [], messages: [RuleMessage]
    ) {
        self.id = id
        self.summary = summary
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
        self.fixAvailability = fixAvailability
        self.tags = tags
        self.precision = precision
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
        self.corrections = corrections
        self.messages = messages
        self.messageTable = Dictionary(messages.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// A lint rule: a self-describing type that subscribes to node kinds and reports through a context.
/// One walk per file dispatches each node to every rule interested in its kind.
public protocol Rule {
    static var description: RuleDescription { get }
    /// Node kinds this rule's `visit` wants to see.
    static var nodeKinds: Set<NodeKind> { get }
    /// Byte strings a file must contain for this rule to find anything in it (see `Linter`).
    static var requiredText: [String] { get }
    init()
    func visit(_ node: Node, in context: RuleContext)
}

/// What a rule sees of the file it checks, and where it reports.
public final class RuleContext {
    public let file: SourceFile
    public let tree: SyntaxTree
    private(set) var diagnostics: [Diagnostic] = []
    /// The rule being run: its id and default severity (not its whole description, which would be
    /// copied for every node dispatched).
    private var currentRule: (id: String, defaultSeverity: Severity, messages: [String: RuleMessage])?
    private var currentSeverity: Severity = .warning
    private var semanticModel: SemanticModel?

    private let project: ProjectIndex?

    init(file: SourceFile, tree: SyntaxTree, project: ProjectIndex? = nil) {
        self.file = file
        self.tree = tree
        self.project = project
    }

    /// The file's semantic model, built on first use and shared by all rules.
    public var semantic: SemanticModel {
        if let semanticModel { return semanticModel }
        let model = SemanticModel(tree: tree, path: file.path, project: project)
        semanticModel = model
        return model
    }

    /// Builds the semantic model now, showing `visiting` every node of the tree on the way.
    /// Returns false (and keeps no model) when the tree nests deeper than `depthLimit`.
    func buildSemantic(depthLimit: Int, visiting: (Node) -> Void) -> Bool {
        let model = withoutActuallyEscaping(visiting) { visiting in
            SemanticModel(tree: tree, path: file.path, project: project, visiting: visiting, depthLimit: depthLimit)
        }
        guard !model.isTooDeep else { return false }
        semanticModel = model
        return true
    }

    func begin(ruleId: String, defaultSeverity: Severity, severity: Severity, messages: [String: RuleMessage]) {
        currentRule = (ruleId, defaultSeverity, messages)
        currentSeverity = severity
    }

    /// Reports a finding in the words of the rule's message `messageId`, its `{placeholders}` filled
    /// from `arguments` (code is quoted with `RuleContext.code(_:)`). `severity` lets a rule grade its
    /// findings (removed API: error, deprecated API: warning); it applies while the rule runs at its
    /// default severity, and a severity set in the configuration overrides it.
    /// - Parameter dependsOnProvisionalRequests: the finding matters only on provisionally authorized
    ///   devices (its level and notes then follow the project's evidence).
    public func report(
        _ range: Range<Int>, _ messageId: String, _ arguments: [String: String] = [:], fix: Fix? = nil,
        related: [RelatedLocation] = [], severity: Severity? = nil, dependsOnProvisionalRequests: Bool = false
    ) {
        guard let rule = currentRule else { return }
        // A rule that names a message it did not declare fails its example tests (the id shows).
        let words = rule.messages[messageId]?.rendered(arguments) ?? (message: messageId, notes: [], help: nil)
        let effective = currentSeverity == rule.defaultSeverity ? (severity ?? currentSeverity) : currentSeverity
        var diagnostic = Diagnostic(
            ruleId: rule.id, severity: effective, message: words.message, notes: words.notes, help: words.help,
            range: range, fix: fix, related: related
        )
        diagnostic.dependsOnProvisionalRequests = dependsOnProvisionalRequests
        diagnostics.append(diagnostic)
    }

    public func report(
        _ node: Node, _ messageId: String, _ arguments: [String: String] = [:], fix: Fix? = nil,
        related: [RelatedLocation] = [], severity: Severity? = nil, dependsOnProvisionalRequests: Bool = false
    ) {
        report(node.byteRange, messageId, arguments, fix: fix, related: related, severity: severity,
               dependsOnProvisionalRequests: dependsOnProvisionalRequests)
    }

    /// A node's code as a message quotes it: on one line (the message elides it to fit).
    public static func code(_ node: Node) -> String { RuleMessage.oneLine(node.text) }

    /// A call as a message quotes it: whole when short, else its callee with `(…)` (the arguments
    /// of a request are in the code frame; the message names the API).
    public static func call(_ node: Node) -> String {
        guard node.is(.callExpression), let callee = node.child(byField: .function) else { return code(node) }
        let whole = code(node)
        return whole.count > 40 ? RuleMessage.shortCallee(code(callee)) + "(…)" : whole
    }

    /// Records a fact about the file for checks that span the project (a permission request, a
    /// notification channel); the run aggregates them after all files are linted.
    public func recordFact(_ name: String, at range: Range<Int>) {
        facts[name, default: []].append(range)
    }

    private(set) var facts: [String: [Range<Int>]] = [:]
}
