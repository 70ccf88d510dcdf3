import GrantedLinter
import GrantedSyntax

/// GitLab Code Quality (`artifacts:reports:codequality`): a JSON array of issues with the fields
/// GitLab documents — `description`, `check_name`, `fingerprint`, `severity`, `location.path`
/// (relative to the repository root) and `location.lines.begin`. Severities: error → `major`,
/// warning → `minor`, note → `info`. The fingerprint is SARIF's `primaryLocationLineHash` bound to
/// the path (`Fingerprint.reportWide`), because GitLab compares fingerprints across the whole report
/// and the merge request's base. A file that could not be analysed is a `major` issue on its line 1,
/// named after the problem's kind, so that its earlier issues do not look resolved.
public struct GitLabReporter {
    /// The repository-relative path (forward slashes) of a reported path.
    public let relativePath: (String) -> String

    public init(relativePath: @escaping (String) -> String) {
        self.relativePath = relativePath
    }

    public func render(_ report: LintReport) -> String {
        var issues: [JSONValue] = []
        for result in report.results {
            let path = relativePath(result.file.path)
            let fingerprints = Fingerprint.compute(for: result.diagnostics, in: result.file.text)
            for (diagnostic, fingerprint) in zip(result.diagnostics, fingerprints) {
                issues.append(issue(
                    description: diagnostic.message, checkName: diagnostic.ruleId,
                    fingerprint: Fingerprint.reportWide(fingerprint, path: path),
                    severity: Self.severity(diagnostic.severity), path: path,
                    line: result.file.text.position(of: diagnostic.range.lowerBound).line
                ))
            }
        }
        for problem in report.problems {
            let path = relativePath(problem.path)
            issues.append(issue(
                description: "\(problem.path): \(problem.reason)", checkName: problem.kind.rawValue,
                fingerprint: Fingerprint.fnv1a64Hex(problem.kind.rawValue + "\u{0}" + path),
                severity: "major", path: path, line: 1
            ))
        }
        return JSONValue.array(issues).render() + "\n"
    }

    /// GitLab's scale is info, minor, major, critical, blocker; `critical` and `blocker` are left for
    /// tools whose findings are security holes or broken builds.
    public static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "major"
        case .warning: return "minor"
        case .note: return "info"
        }
    }

    private func issue(description: String, checkName: String, fingerprint: String, severity: String, path: String, line: Int) -> JSONValue {
        .object([
            ("description", .string(description)),
            ("check_name", .string(checkName)),
            ("fingerprint", .string(fingerprint)),
            ("severity", .string(severity)),
            ("location", .object([
                ("path", .string(path)),
                ("lines", .object([("begin", .int(line))])),
            ])),
        ])
    }
}
