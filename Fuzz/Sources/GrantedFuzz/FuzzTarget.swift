import GrantedDiscovery
import GrantedLinter
import GrantedSemantics
import GrantedReporters
import GrantedRules
import GrantedSyntax

/// Arbitrary bytes through everything a run does to a file: parse (both grammars) → semantic model
/// → all rules → all reporters → the inventory → fixes applied and the result parsed again.
/// Any crash, hang or sanitizer report is a bug; libFuzzer keeps the input that caused it.
private let rules = BuiltinRules.all.map { ConfiguredRule($0) }
private let linter: Linter = {
    let linter = Linter(rules: rules, knownRuleIds: Set(BuiltinRules.all.map { $0.description.id }))
    linter.usesPrefilter = false
    linter.parseTimeoutMicroseconds = 2_000_000
    return linter
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for (grammar, name) in [(Grammar.typescript, "fuzz.ts"), (Grammar.tsx, "fuzz.android.tsx")] {
        let file = SourceFile(path: name, text: SourceText(bytes: bytes), grammar: grammar)
        guard case let .success(result) = linter.lint(file) else { continue }
        let report = LintReport(results: [result], problems: [FileProblem(path: "other.ts", kind: .notText, reason: "fuzz")])
        _ = TextReporter(useColor: true).render(report)
        _ = JSONReporter(toolVersion: "fuzz").render(report)
        _ = GitHubReporter().render(report)
        _ = SARIFReporter(toolVersion: "fuzz", rules: rules, relativePath: { $0 }).render(report)
        _ = GitLabReporter(relativePath: { $0 }).render(report)
        _ = JUnitReporter(relativePath: { $0 }).render(report)
        _ = CheckstyleReporter(relativePath: { $0 }).render(report)
        _ = MarkdownReporter(relativePath: { $0 }, helpURI: { "https://example.com/\($0).md" }).render(report)
        for diagnostic in result.diagnostics {
            _ = LineColumnRange(diagnostic.range, in: file.text)
        }
        let fixed = FixLoop.run(file, linter: linter, applicability: .unsafe)
        if let fixedBytes = fixed.fixedBytes {
            // A fix must never break a file that parsed cleanly.
            if linter.parsesCleanly(file.text, grammar: grammar) && !linter.parsesCleanly(SourceText(bytes: fixedBytes), grammar: grammar) {
                fatalError("a fix introduced a syntax error")
            }
        }
        if let tree = SyntaxParser(grammar: grammar).parse(file.text) {
            let model = SemanticModel(tree: tree, path: name)
            _ = PermissionInventory.sites(in: model)
        }
    }
    return 0
}
