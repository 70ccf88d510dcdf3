import GrantedLinter
import GrantedSyntax

/// Checkstyle XML (version 4.3), read by Jenkins' Warnings plugin, reviewdog and other tools: one
/// `<file>` per checked file (repository-relative path; empty when it has no finding), one
/// `<error line= column= severity= message= source=>` per finding. Severities: error → `error`,
/// warning → `warning`, note → `info`; `source` is `granted-lint.<rule-id>`. A file that could not
/// be analysed gets one `error` on line 1 whose source is `granted-lint.<kind>`.
public struct CheckstyleReporter {
    /// The repository-relative path (forward slashes) of a reported path.
    public let relativePath: (String) -> String

    public init(relativePath: @escaping (String) -> String) {
        self.relativePath = relativePath
    }

    public func render(_ report: LintReport) -> String {
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for result in report.results {
            let name = XMLText.attribute(relativePath(result.file.path))
            guard !result.diagnostics.isEmpty else {
                output += "  <file name=\"\(name)\"/>\n"
                continue
            }
            output += "  <file name=\"\(name)\">\n"
            for diagnostic in result.diagnostics {
                let start = result.file.text.position(of: diagnostic.range.lowerBound)
                output += error(line: start.line, column: start.column, severity: Self.severity(diagnostic.severity), message: diagnostic.message, source: diagnostic.ruleId)
            }
            output += "  </file>\n"
        }
        for problem in report.problems {
            output += "  <file name=\"\(XMLText.attribute(relativePath(problem.path)))\">\n"
            output += error(line: 1, column: nil, severity: "error", message: problem.reason, source: problem.kind.rawValue)
            output += "  </file>\n"
        }
        return output + "</checkstyle>\n"
    }

    /// Checkstyle's levels are ignore, info, warning and error.
    public static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "info"
        }
    }

    private func error(line: Int, column: Int?, severity: String, message: String, source: String) -> String {
        let columnAttribute = column.map { " column=\"\($0)\"" } ?? ""
        return "    <error line=\"\(line)\"\(columnAttribute) severity=\"\(severity)\" message=\"\(XMLText.attribute(message))\" source=\"granted-lint.\(XMLText.attribute(source))\"/>\n"
    }
}
