import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GrantedFuzzInput
import GrantedLinter

/// What each format promises whatever the report holds: its readers (code scanning, GitLab, CI
/// test views, GitHub's runner) accept it.
enum ReportChecks {
    static func json(_ output: String, format: String) {
        check((try? JSONSerialization.jsonObject(with: Data(output.utf8))) != nil, "the \(format) report is not JSON:\n\(output)")
    }

    static func xml(_ output: String, format: String) {
        let parser = XMLParser(data: Data(output.utf8))
        check(parser.parse(), "the \(format) report is not well-formed XML (\(parser.parserError.map { "\($0)" } ?? "?")):\n\(output)")
    }

    /// One workflow command per line: a line break left in a path or message would end the command
    /// there and make the rest of it plain log output.
    static func github(_ output: String, report: LintReport) {
        let lines = output.utf8.split(separator: UInt8(ascii: "\n"))
        let expected = report.diagnosticCount + report.results.filter { $0.recovery != nil }.count + report.problems.count
        check(lines.count == expected, "\(lines.count) workflow command lines for \(expected) commands:\n\(output)")
        check(lines.allSatisfy { $0.starts(with: "::".utf8) }, "a workflow command line does not start with '::':\n\(output)")
    }
}
