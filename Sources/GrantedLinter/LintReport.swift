import GrantedDiscovery

/// Everything one run found: per-file findings and the files that could not be analysed.
public struct LintReport {
    public var results: [FileResult]
    public var problems: [FileProblem]
    /// What the run says about itself: a named directory that gave nothing to lint, and why.
    public var notes: [RunNote] = []
    /// What the project's provisional evidence makes of the run's provisional-blind findings (live
    /// or latent, and why), when it has any: said once, not in every finding.
    public var evidenceSummary: String?

    public init(results: [FileResult], problems: [FileProblem], notes: [RunNote] = []) {
        self.results = results
        self.problems = problems
        self.notes = notes
    }

    // By index, not by element: a run's report holds every file, and copying each result (its
    // file, findings, facts and evidence) to count findings showed in the end of a run.
    public var diagnosticCount: Int {
        var count = 0
        for index in results.indices { count += results[index].diagnostics.count }
        return count
    }

    public func count(of severity: Severity) -> Int {
        var count = 0
        for index in results.indices where !results[index].diagnostics.isEmpty {
            for diagnostic in results[index].diagnostics where diagnostic.severity == severity { count += 1 }
        }
        return count
    }

    /// Files examined (read successfully, whether or not they needed parsing).
    public var filesChecked: Int { results.count }
}

/// A remark about the run rather than about a file's code: a named directory whose files were all
/// excluded (an error: the run would otherwise check nothing and pass), or that holds no file to
/// lint (a note).
public struct RunNote: Hashable, Sendable {
    public enum Level: String, Sendable {
        case error, note
    }

    public let path: String
    public let level: Level
    public let message: String

    public init(path: String, level: Level, message: String) {
        self.path = path
        self.level = level
        self.message = message
    }
}
