import GrantedDiscovery
import GrantedLinter
import GrantedReporters
import GrantedSemantics
import Testing

/// GitHub's workflow commands stay one a line whatever the paths and messages hold.
struct GitHubReportTests {
    /// A line break or a carriage return followed by a combining mark is one Character, and escaping
    /// by Characters left it raw: the rest of the path started a line of the log of its own, here a
    /// command (found by fuzzing the reporters; issue 40). `%` before a combining mark stayed
    /// unescaped the same way.
    @Test func lineBreaksAndPercentSignsBeforeCombiningMarksAreEscaped() throws {
        let path = "src/a\n\u{301}::warning file=x::injected\r\u{301}%\u{301}.ts"
        let file = try #require(SourceFile(path: path, bytes: Array("const a = 1;\n".utf8)))
        let finding = Diagnostic(ruleId: "provisional-blind-check", severity: .error, message: "m\n\u{301}::error::x", range: 0..<5)
        let report = LintReport(
            results: [FileResult(file: file, diagnostics: [finding], analysed: true)],
            problems: [FileProblem(path: path, kind: .notText, reason: "r\n\u{301}")]
        )
        let output = GitHubReporter().render(report)
        let lines = output.utf8.split(separator: UInt8(ascii: "\n"))
        #expect(lines.count == 2, "one command for the finding, one for the file: \(output)")
        #expect(lines.allSatisfy { $0.starts(with: "::".utf8) }, "\(output)")
        #expect(!output.unicodeScalars.contains("\r"))
        #expect(output.contains("file=src/a%0A\u{301}%3A%3Awarning file=x%3A%3Ainjected%0D\u{301}%25\u{301}.ts,"), "\(output)")
        #expect(output.contains("::m%0A\u{301}::error::x\n"), "a message keeps its colons: \(output)")
    }
}
