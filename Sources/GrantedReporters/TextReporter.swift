import GrantedEngine
import GrantedSyntax

/// The report for people: `path:line:column: severity: message [rule-id]`, the source line with a
/// caret under the range, then a summary.
public struct TextReporter {
    public var useColor: Bool

    public init(useColor: Bool) { self.useColor = useColor }

    public func render(_ report: LintReport) -> String {
        var output = ""
        for result in report.results where !result.diagnostics.isEmpty {
            let text = result.file.text
            for diagnostic in result.diagnostics {
                let start = text.position(of: diagnostic.range.lowerBound)
                let severity = paint(diagnostic.severity.rawValue, color: color(for: diagnostic.severity))
                output += "\(paint("\(result.file.path):\(start.line):\(start.column)", color: "1")): \(severity): \(diagnostic.message) \(paint("[\(diagnostic.ruleId)]", color: "2"))\n"
                output += excerpt(of: diagnostic.range, in: text)
            }
            output += "\n"
        }
        output += summary(report) + "\n"
        return output
    }

    /// Lines longer than this are shown as a window around the finding (minified bundles have
    /// megabyte-long lines).
    static let maximumExcerptBytes = 240

    private func excerpt(of range: Range<Int>, in text: SourceText) -> String {
        let lineIndex = text.lineIndex(containing: range.lowerBound)
        var lineRange = text.lineRange(lineIndex)
        var prefix = ""
        var suffix = ""
        if lineRange.count > TextReporter.maximumExcerptBytes {
            var start = max(lineRange.lowerBound, range.lowerBound - TextReporter.maximumExcerptBytes / 3)
            var end = min(lineRange.upperBound, start + TextReporter.maximumExcerptBytes)
            // Keep whole UTF-8 sequences.
            while start > lineRange.lowerBound, text.bytes[start] & 0xC0 == 0x80 { start -= 1 }
            while end < lineRange.upperBound, text.bytes[end] & 0xC0 == 0x80 { end += 1 }
            if start > lineRange.lowerBound { prefix = "…" }
            if end < lineRange.upperBound { suffix = "…" }
            lineRange = start..<end
        }
        let number = String(lineIndex + 1)
        let gutter = String(repeating: " ", count: number.count)
        let before = text.text(in: lineRange.lowerBound..<min(range.lowerBound, lineRange.upperBound))
        let underlinedEnd = min(max(range.upperBound, range.lowerBound), lineRange.upperBound)
        let underlined = text.text(in: min(range.lowerBound, lineRange.upperBound)..<underlinedEnd)
        // Keep tabs so the caret lines up under them; every other character takes one cell.
        let padding = String(before.unicodeScalars.map { $0 == "\t" ? "\t" : " " })
        let caretCount = max(1, underlined.count)
        let shown = prefix + text.text(in: lineRange) + suffix
        return " \(number) | \(shown)\n \(gutter) | \(prefix.isEmpty ? "" : " ")\(padding)\(paint(String(repeating: "^", count: caretCount), color: "33"))\n"
    }

    func summary(_ report: LintReport) -> String {
        let errors = report.count(of: .error)
        let warnings = report.count(of: .warning)
        let notes = report.count(of: .note)
        let total = report.diagnosticCount
        let checked = report.filesChecked
        var lines: [String] = report.notes.map { "\($0.level == .error ? "Error" : "Note"): \($0.message)." }
        if total == 0 {
            lines.append("No problems found (\(plural(checked, "file")) checked).")
        } else {
            let withFindings = report.results.filter { !$0.diagnostics.isEmpty }.count
            var parts = ["\(plural(errors, "error"))", "\(plural(warnings, "warning"))"]
            if notes > 0 { parts.append(plural(notes, "note")) }
            lines.append("\(plural(total, "problem")) (\(parts.joined(separator: ", "))) in \(plural(withFindings, "file")) (\(checked) checked).")
        }
        if !report.problems.isEmpty {
            lines.append("\(plural(report.problems.count, "file")) could not be analysed.")
        }
        let recovered = report.results.filter { $0.recovery != nil }
        if !recovered.isEmpty {
            // Not the user's error: valid code the grammar does not know ends up here too.
            lines.append("\(plural(recovered.count, "file")) could only be parsed with error recovery (never a failure; --strict-syntax makes it one):")
            for result in recovered {
                guard let recovery = result.recovery else { continue }
                lines.append("  \(result.file.path): \(RecoveryNotes.summary(recovery, in: result.file.text))")
                for note in RecoveryNotes.incomplete(recovery, in: result.file.text) { lines.append("    \(note)") }
            }
        }
        return lines.joined(separator: "\n")
    }

    private func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    private func color(for severity: Severity) -> String {
        switch severity {
        case .error: return "31"
        case .warning: return "33"
        case .note: return "36"
        }
    }

    private func paint(_ text: String, color: String) -> String {
        useColor ? "\u{1B}[\(color)m\(text)\u{1B}[0m" : text
    }
}
