import GrantedFuzzInput
import GrantedLinter
import GrantedReporters
import GrantedRules

/// The eight report formats under libFuzzer, fed reports generated from the input (`ReportInput`)
/// rather than found by linting: paths, messages and rule ids with the characters each format must
/// escape, findings anywhere in their file, related locations in other files, unreadable files and
/// run notes. Linting to get findings made each input cost a parse and the whole rule set, and
/// reached the reporters only with what the rules say about real code.
///
/// Beyond not crashing, each format must stay readable by what reads it (`ReportChecks`): the JSON
/// formats parse, the XML formats are well-formed, GitHub's workflow commands stay one per line.
private let rules = BuiltinRules.all.map { ConfiguredRule($0) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(Array(UnsafeBufferPointer(start: data, count: size)))
    let report = ReportInput.report(&input)
    // The path as the caller shows it; CI formats get repository-relative paths, unchanged here.
    let asGiven: (String) -> String = { $0 }
    _ = TextReporter(useColor: true).render(report)
    _ = TextReporter(useColor: false, layout: .concise).render(report)
    _ = MarkdownReporter(relativePath: asGiven, helpURI: { "https://example.com/\($0).md" }).render(report)
    ReportChecks.json(JSONReporter(toolVersion: "fuzz").render(report), format: "json")
    // The descriptors of the rules the report names only: with all of them, escaping the whole rule
    // documentation, the same every time, was most of each input's cost (perf). Ids of other rules
    // get none, like a rule of a newer baseline.
    let named = Set(report.results.flatMap { $0.diagnostics.map(\.ruleId) })
    let sarif = SARIFReporter(toolVersion: "fuzz", rules: rules.filter { named.contains($0.rule.description.id) }, relativePath: asGiven)
    ReportChecks.json(sarif.render(report), format: "sarif")
    ReportChecks.json(GitLabReporter(relativePath: asGiven).render(report), format: "gitlab")
    ReportChecks.xml(JUnitReporter(relativePath: asGiven).render(report), format: "junit")
    ReportChecks.xml(CheckstyleReporter(relativePath: asGiven).render(report), format: "checkstyle")
    ReportChecks.github(GitHubReporter().render(report), report: report)
    return 0
}
