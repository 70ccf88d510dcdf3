import GrantedSemantics

/// The rules a front end runs: built by the rules' module (`BuiltinRules.catalog`) and handed to the
/// workspace, which cannot import the built-in rules (they depend on the lint core, as it does).
public struct RuleCatalog: @unchecked Sendable {
    public let rules: [any Rule.Type]
    /// The engine's own findings (`unused-suppression`, `syntax-error`).
    public let engineRules: [RuleDescription]
    /// Checks of a whole project's report, run after every file has been linted (a finding that
    /// only the absence of something anywhere can justify).
    public let projectChecks: [ProjectCheck]
    /// Every rule id a configuration or a suppression may name.
    public let knownRuleIds: Set<String>
    /// Text every rule's prefilter looks for (a superset of any configuration's).
    public let relevantText: [String]

    public init(rules: [any Rule.Type], engineRules: [RuleDescription] = EngineRules.all, projectChecks: [ProjectCheck] = []) {
        self.rules = rules
        self.engineRules = engineRules
        self.projectChecks = projectChecks
        knownRuleIds = Set(rules.map { $0.description.id } + engineRules.map(\.id))
        // The provisional evidence's needles too: a file that only sets `allowProvisional` is read.
        relevantText = Array(Set(rules.flatMap { $0.requiredText } + ["granted-lint-disable"] + ProvisionalEvidenceScanner.needleTexts)).sorted()
    }

    public var descriptions: [RuleDescription] { rules.map { $0.description } + engineRules }

    public func description(of id: String) -> RuleDescription? { descriptions.first { $0.id == id } }
}

/// A check of the project as a whole: it reports what exists nowhere in the project (a request for
/// permission, and no notification channel anywhere). A run that saw only part of the project (a
/// file, a subdirectory, standard input, the editor's buffer) cannot tell that from its own files:
/// before such a run reports it, the rest of the project is searched for `answeredBy`, any of
/// which in a file outside the run means the project has it after all.
public struct ProjectCheck: Sendable {
    public let run: @Sendable (inout LintReport) -> Void
    public let answeredBy: [String]

    public init(answeredBy: [String], _ run: @escaping @Sendable (inout LintReport) -> Void) {
        self.run = run
        self.answeredBy = answeredBy
    }
}
