import GrantedDiscovery
import GrantedSyntax
import GrantedSemantics

/// A rule chosen to run, at the severity the configuration gives it.
public struct ConfiguredRule {
    public let rule: any Rule.Type
    public let severity: Severity

    public init(_ rule: any Rule.Type, severity: Severity? = nil) {
        self.rule = rule
        self.severity = severity ?? rule.description.defaultSeverity
    }
}

/// The outcome of linting one file. Its parts live in one shared object: a run's report holds a
/// result for every file, and reporters, the baseline and the evidence pass go over all of them;
/// copying six references per result at each step showed at the end of a run.
public struct FileResult {
    private final class Parts {
        let file: SourceFile
        let diagnostics: [Diagnostic]
        let analysed: Bool
        let facts: [String: [Range<Int>]]
        let recovery: ParseRecovery?
        let provisionalEvidence: FileProvisionalEvidence?

        init(file: SourceFile, diagnostics: [Diagnostic], analysed: Bool, facts: [String: [Range<Int>]], recovery: ParseRecovery?,
             provisionalEvidence: FileProvisionalEvidence?) {
            self.file = file
            self.diagnostics = diagnostics
            self.analysed = analysed
            self.facts = facts
            self.recovery = recovery
            self.provisionalEvidence = provisionalEvidence
        }
    }

    private let parts: Parts

    public var file: SourceFile { parts.file }
    public var diagnostics: [Diagnostic] { parts.diagnostics }
    /// Whether the file was parsed and checked (false when the prefilter showed no rule could apply).
    public var analysed: Bool { parts.analysed }
    /// Facts rules recorded for project-wide checks, by name.
    public var facts: [String: [Range<Int>]] { parts.facts }
    /// Set when the file could be parsed only with error recovery.
    public var recovery: ParseRecovery? { parts.recovery }
    /// What the file says about provisional authorization (nil when it cannot say anything).
    public var provisionalEvidence: FileProvisionalEvidence? { parts.provisionalEvidence }

    public init(
        file: SourceFile, diagnostics: [Diagnostic], analysed: Bool, facts: [String: [Range<Int>]] = [:], recovery: ParseRecovery? = nil,
        provisionalEvidence: FileProvisionalEvidence? = nil
    ) {
        parts = Parts(file: file, diagnostics: diagnostics, analysed: analysed, facts: facts, recovery: recovery, provisionalEvidence: provisionalEvidence)
    }

    /// The same result with other findings (after a baseline or a project-level note).
    public func replacing(diagnostics: [Diagnostic]) -> FileResult {
        FileResult(file: file, diagnostics: diagnostics, analysed: analysed, facts: facts, recovery: recovery, provisionalEvidence: provisionalEvidence)
    }

    /// The same result without the file's text (kept short in memory when nothing refers to it).
    public func withoutText() -> FileResult {
        FileResult(
            file: SourceFile(path: file.path, text: SourceText(bytes: []), grammar: file.grammar), diagnostics: diagnostics,
            analysed: analysed, facts: facts, recovery: recovery, provisionalEvidence: provisionalEvidence
        )
    }
}

public extension Rule {
    /// Byte strings a file must contain for this rule to find anything in it; the linter does not even
    /// parse a file that contains none of any rule's strings.
    static var requiredText: [String] { ["expo-notifications"] }
}

/// The rule id of the diagnostic reported for a file that tree-sitter could only parse with recovery.
public let syntaxErrorRuleId = "syntax-error"

/// Runs rules over files: one walk per file, each node dispatched to the rules subscribed to its kind.
/// Not thread-safe (it keeps one parser per grammar): use one linter per worker.
public final class Linter {
    /// Deeper trees are reported, not analysed.
    public static let maximumDepth = 1500

    public let rules: [ConfiguredRule]
    private let instances: [any Rule]
    let requiredText: NeedleSet
    private var parsers: [Grammar: SyntaxParser] = [:]
    private var dispatchTables: [Grammar: [[Int]]] = [:]
    /// When false, every file is parsed (the prefilter must never change results; tests compare).
    public var usesPrefilter = true
    public var parseTimeoutMicroseconds: UInt64 = 0
    /// Parse every file and stop there: the tree-sitter floor the benchmarks compare against.
    public var parseOnly = false
    /// `--strict-syntax`: a file parsed with error recovery also gets a `syntax-error` finding (by
    /// default it is only a notification, since valid code the grammar does not know gets there too).
    public var strictSyntax = false
    /// The project's cross-file index; files that mention one of its exported names are parsed too.
    public var project: ProjectIndex? {
        didSet { projectNames = NeedleSet((project?.exportedNames ?? []) + (project?.storeRootNames ?? [])) }
    }
    private(set) var projectNames = NeedleSet([])
    private let suppressionFilter: SuppressionFilter
    private let syntaxErrorSeverity: Severity?

    /// - Parameters:
    ///   - engineSeverities: severities of the engine's own findings (`unused-suppression`,
    ///     `syntax-error`); a missing entry keeps the default, nil turns it off.
    ///   - knownRuleIds: every rule id a suppression may name (defaults to the rules given).
    private let ruleIds: [String]
    private let defaultSeverities: [Severity]
    private let messageTables: [[String: RuleMessage]]

    public init(rules: [ConfiguredRule], engineSeverities: [String: Severity?] = [:], knownRuleIds: Set<String>? = nil) {
        self.rules = rules
        self.ruleIds = rules.map { $0.rule.description.id }
        self.defaultSeverities = rules.map { $0.rule.description.defaultSeverity }
        self.messageTables = rules.map { $0.rule.description.messageTable }
        self.instances = rules.map { $0.rule.init() }
        // A file with a suppression comment is parsed so that a stale one is reported.
        // …and a file that may say whether the app requests provisional authorization, for the
        // project's evidence (one needle set: one pass over the bytes).
        self.requiredText = NeedleSet(rules.flatMap { $0.rule.requiredText } + ["granted-lint-disable"] + ProvisionalEvidenceScanner.needleTexts)
        let enabled = Set(rules.map { $0.rule.description.id })
        func severity(_ description: RuleDescription) -> Severity? {
            if let configured = engineSeverities[description.id] { return configured }
            return description.defaultSeverity
        }
        syntaxErrorSeverity = severity(EngineRules.syntaxError)
        suppressionFilter = SuppressionFilter(
            knownRuleIds: (knownRuleIds ?? enabled).union(EngineRules.all.map(\.id)),
            enabledRuleIds: enabled.union(EngineRules.all.filter { severity($0) != nil }.map(\.id)),
            unusedSeverity: severity(EngineRules.unusedSuppression)
        )
    }

    /// Whether `text` might contain something a rule reports.
    public func mightApply(to text: SourceText) -> Bool {
        requiredText.matchesAny(text) || projectNames.matchesAny(text)
    }

    /// - Parameters:
    ///   - previous: the tree of an earlier text of the same file, to parse incrementally (an
    ///     editor's buffer after an edit).
    ///   - parsed: receives the tree this lint parsed, to hand back as `previous` next time.
    public func lint(_ file: SourceFile, reusing previous: SyntaxTree? = nil, parsed: ((SyntaxTree) -> Void)? = nil) -> Result<FileResult, FileProblem> {
        if usesPrefilter && !parseOnly && !mightApply(to: file.text) {
            return .success(FileResult(file: file, diagnostics: [], analysed: false))
        }
        let parser = parser(for: file.grammar)
        parser.timeoutMicroseconds = parseTimeoutMicroseconds
        guard let tree = parser.parse(file.text, reusing: previous) else {
            return .failure(FileProblem(
                path: file.path, kind: .parseTimeout,
                reason: "parsing took longer than the limit of \(parseTimeoutMicroseconds / 1000) ms"
            ))
        }
        parsed?(tree)
        if parseOnly {
            // The parse floor still says which files needed recovery (Benchmarks/parse-coverage.py).
            return .success(FileResult(file: file, diagnostics: [], analysed: true, recovery: ParseRecovery.of(tree) { nil }))
        }
        return analyse(file, tree: tree)
    }

    /// Builds the semantic model of a parsed file and runs the rules over it.
    func analyse(_ file: SourceFile, tree: SyntaxTree) -> Result<FileResult, FileProblem> {
        var diagnostics: [Diagnostic] = []
        let context = RuleContext(file: file, tree: tree, project: project)
        // One walk: the semantic model's, which also collects the nodes rules subscribe to (every
        // file past the prefilter needs the model anyway).
        let table = dispatchTable(for: tree)
        var subscribed: [Node] = []
        var suppressionComments: [Node] = []
        let mayHaveSuppressions = file.text.contains("granted-lint-disable")
        // Node parents are found from the root in tree-sitter, so analysis cost grows with depth
        // squared; no real source nests this deep, generated or hostile files do. The same walk
        // checks it.
        let shallowEnough = context.buildSemantic(depthLimit: Linter.maximumDepth) { node in
            let symbol = node.symbol
            if symbol < table.count, !table[symbol].isEmpty { subscribed.append(node) }
            if mayHaveSuppressions, node.is(.comment) { suppressionComments.append(node) }
        }
        guard shallowEnough else {
            return .failure(FileProblem(
                path: file.path, kind: .tooDeep,
                reason: "nested more than \(Linter.maximumDepth) levels deep; not analysed"
            ))
        }
        // Store writes first, while no value has been asked for: reads of stores follow them.
        if context.semantic.mayHavePermissionCode { _ = context.semantic.storeWrites() }
        let recovery = ParseRecovery.of(tree) { context.semantic }
        if strictSyntax, let syntaxErrorSeverity, let error = recovery?.first {
            let words = EngineRules.syntaxError.messageTable["syntaxError"]!.rendered(["description": error.description])
            diagnostics.append(Diagnostic(
                ruleId: syntaxErrorRuleId, severity: syntaxErrorSeverity,
                message: words.message, notes: words.notes, help: words.help, range: error.range
            ))
        }
        for node in subscribed {
            for index in table[node.symbol] {
                context.begin(ruleId: ruleIds[index], defaultSeverity: defaultSeverities[index], severity: rules[index].severity, messages: messageTables[index])
                instances[index].visit(node, in: context)
            }
        }
        // The same options object can reach two calls: report each place once per rule.
        var seen = Set<String>()
        for diagnostic in context.diagnostics where seen.insert("\(diagnostic.ruleId)@\(diagnostic.range)").inserted {
            diagnostics.append(diagnostic)
        }
        diagnostics = suppressionFilter.apply(diagnostics, comments: suppressionComments, source: file.text)
        diagnostics.sort { ($0.range.lowerBound, $0.ruleId) < ($1.range.lowerBound, $1.ruleId) }
        // What the findings cost the devices: evaluated only for files that have such findings.
        diagnostics = DeviceConsequences.annotate(
            diagnostics, path: file.path, tree: tree, readFile: project?.fileReader ?? ProjectIndex.readSourceFile
        )
        // What the file writes into application stores, for the readers of those stores.
        if let project, context.semantic.mayHavePermissionCode {
            project.recordStoreWrites(context.semantic.storeWrites(), file: file.path)
        }
        // What the file says about provisional authorization, for the project's evidence.
        let evidence = ProvisionalEvidenceScanner.needles.matchesAny(file.text) || context.semantic.mayHavePermissionCode
            ? ProvisionalEvidenceScanner.evidence(in: context.semantic, path: file.path) : nil
        return .success(FileResult(
            file: file, diagnostics: diagnostics, analysed: true, facts: context.facts, recovery: recovery,
            provisionalEvidence: evidence.flatMap { $0.isEmpty ? nil : $0 }
        ))
    }

    /// Whether `text` parses without error recovery.
    public func parsesCleanly(_ text: SourceText, grammar: Grammar) -> Bool {
        guard let tree = parser(for: grammar).parse(text) else { return false }
        return tree.firstSyntaxError() == nil
    }

    func parser(for grammar: Grammar) -> SyntaxParser {
        if let parser = parsers[grammar] { return parser }
        let parser = SyntaxParser(grammar: grammar)
        parsers[grammar] = parser
        return parser
    }

    /// For each grammar symbol, the indexes of the rules subscribed to its kind.
    private func dispatchTable(for tree: SyntaxTree) -> [[Int]] {
        if let table = dispatchTables[tree.grammar] { return table }
        let kinds = tree.nodeKindsBySymbol
        var table = Array(repeating: [Int](), count: kinds.count)
        for (symbol, kind) in kinds.enumerated() {
            guard let kind else { continue }
            for (index, configured) in rules.enumerated() where configured.rule.nodeKinds.contains(kind) {
                table[symbol].append(index)
            }
        }
        dispatchTables[tree.grammar] = table
        return table
    }
}
