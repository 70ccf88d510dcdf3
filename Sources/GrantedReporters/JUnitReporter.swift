import GrantedLinter
import GrantedSyntax

/// JUnit XML, as Jenkins, GitLab and Azure Pipelines read test results: one test suite, one test
/// case per checked file (named by its repository-relative path), one `<failure>` per finding
/// (`type` is the rule id, `message` the finding's message, the text `path:line:column: severity:
/// message [rule]`). A file without findings is a passing test case. A file that could not be
/// analysed, and a named directory whose files were all excluded, is a test case with an `<error>`.
/// `failures` and `errors` count test cases, as the consumers expect, not findings.
public struct JUnitReporter {
    /// The repository-relative path (forward slashes) of a reported path.
    public let relativePath: (String) -> String

    public init(relativePath: @escaping (String) -> String) {
        self.relativePath = relativePath
    }

    public func render(_ report: LintReport) -> String {
        var cases: [String] = []
        var failures = 0
        var errors = 0
        for result in report.results {
            let path = relativePath(result.file.path)
            guard !result.diagnostics.isEmpty else {
                cases.append("    <testcase classname=\"granted-lint\" name=\"\(XMLText.attribute(path))\"/>\n")
                continue
            }
            failures += 1
            var element = "    <testcase classname=\"granted-lint\" name=\"\(XMLText.attribute(path))\">\n"
            for diagnostic in result.diagnostics {
                let start = result.file.text.position(of: diagnostic.range.lowerBound)
                var detail = "\(path):\(start.line):\(start.column): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.ruleId)]"
                for note in diagnostic.notes { detail += "\nnote: \(note)" }
                if let help = diagnostic.help { detail += "\nhelp: \(help)" }
                element += "      <failure message=\"\(XMLText.attribute(diagnostic.message))\" type=\"\(XMLText.attribute(diagnostic.ruleId))\">\(XMLText.content(detail))</failure>\n"
            }
            cases.append(element + "    </testcase>\n")
        }
        for problem in report.problems {
            errors += 1
            cases.append(errorCase(name: relativePath(problem.path), type: problem.kind.rawValue, message: problem.reason, detail: "\(problem.path): \(problem.reason)"))
        }
        for note in report.notes where note.level == .error {
            errors += 1
            cases.append(errorCase(name: relativePath(note.path), type: "all-files-excluded", message: note.message, detail: note.message))
        }
        let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        output += "<testsuites name=\"granted-lint\" \(counts)>\n"
        if cases.isEmpty {
            output += "  <testsuite name=\"granted-lint\" \(counts) skipped=\"0\"/>\n"
        } else {
            output += "  <testsuite name=\"granted-lint\" \(counts) skipped=\"0\">\n" + cases.joined() + "  </testsuite>\n"
        }
        return output + "</testsuites>\n"
    }

    private func errorCase(name: String, type: String, message: String, detail: String) -> String {
        "    <testcase classname=\"granted-lint\" name=\"\(XMLText.attribute(name))\">\n"
            + "      <error message=\"\(XMLText.attribute(message))\" type=\"\(XMLText.attribute(type))\">\(XMLText.content(detail))</error>\n"
            + "    </testcase>\n"
    }
}
