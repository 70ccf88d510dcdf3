/// Everything one run found: per-file findings and the files that could not be analysed.
public struct LintReport {
    public var results: [FileResult]
    public var problems: [FileProblem]

    public init(results: [FileResult], problems: [FileProblem]) {
        self.results = results
        self.problems = problems
    }

    public var diagnosticCount: Int { results.reduce(0) { $0 + $1.diagnostics.count } }

    public func count(of severity: Severity) -> Int {
        results.reduce(0) { $0 + $1.diagnostics.filter { $0.severity == severity }.count }
    }

    /// Files examined (read successfully, whether or not they needed parsing).
    public var filesChecked: Int { results.count }
}
