import GrantedLinter
import GrantedSemantics
import GrantedSyntax

/// The report for people. Two layouts:
/// - `full` (the default), in the style of rustc and Ruff's full output: a header
///   `severity[rule-id]: message`, the location, a code frame with the range underlined, secondary
///   frames for related locations, `= note:` and `= help:` lines, and the fix as a small diff;
/// - `concise`: one line per finding, `path:line:column: severity: message [rule-id]`.
/// Both start with what holds for the whole run (the provisional evidence) and end with a summary.
public struct TextReporter {
    public enum Layout: Sendable {
        case full
        case concise
    }

    public var useColor: Bool
    public var layout: Layout

    public init(useColor: Bool, layout: Layout = .full) {
        self.useColor = useColor
        self.layout = layout
    }

    public func render(_ report: LintReport) -> String {
        var output = ""
        if let summary = report.evidenceSummary {
            output += "\(paint("note", color: "1;36")): \(summary).\n\n"
        }
        for result in report.results where !result.diagnostics.isEmpty {
            // A fix several findings share (the repair of a whole function) is shown once, as a diff.
            var shownFixes = Set<Fix>()
            for diagnostic in result.diagnostics {
                switch layout {
                case .concise: output += conciseLine(diagnostic, in: result.file)
                case .full:
                    let firstShowing = diagnostic.fix.map { shownFixes.insert($0).inserted } ?? false
                    output += fullFinding(diagnostic, in: result.file, showingFixDiff: firstShowing) + "\n"
                }
            }
        }
        if layout == .concise, report.diagnosticCount > 0 { output += "\n" }
        output += summary(report) + "\n"
        return output
    }

    // MARK: - Concise

    private func conciseLine(_ diagnostic: Diagnostic, in file: SourceFile) -> String {
        let start = file.text.position(of: diagnostic.range.lowerBound)
        let severity = paint(diagnostic.severity.rawValue, color: color(for: diagnostic.severity))
        return "\(paint("\(file.path):\(start.line):\(start.column)", color: "1")): \(severity): \(diagnostic.message) \(paint("[\(diagnostic.ruleId)]", color: "2"))\n"
    }

    // MARK: - Full

    private func fullFinding(_ diagnostic: Diagnostic, in file: SourceFile, showingFixDiff: Bool) -> String {
        let text = file.text
        let start = text.position(of: diagnostic.range.lowerBound)
        // One gutter width for every frame of the finding.
        var lines = [text.lineIndex(containing: diagnostic.range.lowerBound) + 1]
        for related in diagnostic.related where related.elsewhere == nil {
            lines.append(text.lineIndex(containing: related.range.lowerBound) + 1)
        }
        let fixHunks = showingFixDiff ? diagnostic.fix.map { hunks(of: $0, in: text) } ?? [] : []
        var shift = 0
        for hunk in fixHunks {
            lines.append(hunk.firstLine + max(hunk.removedCount, hunk.addedCount + shift))
            shift += hunk.addedCount - hunk.removedCount
        }
        let gutter = String(repeating: " ", count: String(lines.max() ?? 1).count)

        let severity = paint(diagnostic.severity.rawValue, color: "1;" + color(for: diagnostic.severity))
        var output = "\(severity)\(paint("[\(diagnostic.ruleId)]", color: "1;" + color(for: diagnostic.severity))): \(paint(diagnostic.message, color: "1"))\n"
        output += "\(gutter)\(paint("-->", color: "34")) \(file.path):\(start.line):\(start.column)\n"
        output += "\(gutter) \(bar)\n"
        output += frame(diagnostic.range, in: text, gutter: gutter, marker: "^", label: nil, markerColor: color(for: diagnostic.severity))
        for related in diagnostic.related {
            if let elsewhere = related.elsewhere {
                output += "\(gutter)\(paint(":::", color: "34")) \(elsewhere.path):\(elsewhere.start.line):\(elsewhere.start.column): \(related.message)\n"
            } else {
                let position = text.position(of: related.range.lowerBound)
                output += "\(gutter)\(paint(":::", color: "34")) \(file.path):\(position.line):\(position.column)\n"
                output += "\(gutter) \(bar)\n"
                output += frame(related.range, in: text, gutter: gutter, marker: "-", label: related.message, markerColor: "34")
            }
        }
        output += "\(gutter) \(bar)\n"
        for note in diagnostic.notes {
            output += "\(gutter) \(paint("=", color: "34")) \(paint("note", color: "1")): \(note)\n"
        }
        if let help = diagnostic.help {
            output += "\(gutter) \(paint("=", color: "34")) \(paint("help", color: "1")): \(help)\n"
        }
        if let fix = diagnostic.fix {
            let kind = fix.applicability == .safe ? "fix" : "fix (unsafe, --fix-unsafe)"
            output += "\(gutter) \(paint("=", color: "34")) \(paint(kind, color: "1")): \(fix.title)\(showingFixDiff ? "" : " (the same fix as above)")\n"
            if showingFixDiff, let note = fix.note { output += "\(gutter) \(bar)   \(note)\n" }
            // Removed lines are numbered as in the file, added ones as in the fixed file.
            var shift = 0
            for hunk in fixHunks {
                for (offset, line) in hunk.removed.enumerated() {
                    output += "\(number(hunk.firstLine + offset, gutter)) \(paint("-", color: "31")) \(paint(line, color: "31"))\n"
                }
                for (offset, line) in hunk.added.enumerated() {
                    output += "\(number(hunk.firstLine + shift + offset, gutter)) \(paint("+", color: "32")) \(paint(line, color: "32"))\n"
                }
                shift += hunk.addedCount - hunk.removedCount
            }
        }
        return output
    }

    private var bar: String { paint("|", color: "34") }

    private func number(_ line: Int, _ gutter: String) -> String {
        let digits = String(line)
        return String(repeating: " ", count: max(0, gutter.count - digits.count)) + paint(digits, color: "34")
    }

    /// Lines longer than this are shown as a window around the finding (minified bundles have
    /// megabyte-long lines).
    static let maximumExcerptBytes = 240

    /// The line that holds the start of `range`, with the range marked under it.
    private func frame(_ range: Range<Int>, in text: SourceText, gutter: String, marker: Character, label: String?, markerColor: String) -> String {
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
        let before = text.text(in: lineRange.lowerBound..<min(range.lowerBound, lineRange.upperBound))
        let underlinedEnd = min(max(range.upperBound, range.lowerBound), lineRange.upperBound)
        let underlined = text.text(in: min(range.lowerBound, lineRange.upperBound)..<underlinedEnd)
        // Keep tabs so the marker lines up under them; every other character takes one cell.
        let padding = String(before.unicodeScalars.map { $0 == "\t" ? "\t" : " " })
        let markers = String(repeating: marker, count: max(1, underlined.count))
        let shown = prefix + text.text(in: lineRange) + suffix
        var output = "\(number(lineIndex + 1, gutter)) \(bar) \(shown)\n"
        output += "\(gutter) \(bar) \(prefix.isEmpty ? "" : " ")\(padding)\(paint(markers, color: markerColor))"
        if let label { output += " \(paint(label, color: markerColor))" }
        return output + "\n"
    }

    /// A fix as lines removed and added, one hunk per group of edits on neighbouring lines.
    struct Hunk {
        let firstLine: Int
        /// Shown lines (long hunks are capped).
        let removed: [String]
        let added: [String]
        /// How many lines the hunk really removes and adds.
        let removedCount: Int
        let addedCount: Int
    }

    /// At most this many lines of a hunk are shown on each side.
    static let maximumHunkLines = 12

    func hunks(of fix: Fix, in text: SourceText) -> [Hunk] {
        let edits = fix.edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
        guard !edits.isEmpty, edits.allSatisfy({ $0.range.upperBound <= text.bytes.count }) else { return [] }
        // Group edits whose lines touch, each group covering whole lines.
        var groups: [(lines: ClosedRange<Int>, edits: [TextEdit])] = []
        for edit in edits {
            let first = text.lineIndex(containing: edit.range.lowerBound)
            let last = text.lineIndex(containing: max(edit.range.lowerBound, edit.range.upperBound - (edit.range.isEmpty ? 0 : 1)))
            if let previous = groups.last, first <= previous.lines.upperBound + 1 {
                groups[groups.count - 1] = (previous.lines.lowerBound...max(last, previous.lines.upperBound), previous.edits + [edit])
            } else {
                groups.append((first...last, [edit]))
            }
        }
        return groups.map { group in
            // Whole lines with their line breaks, so that a deleted line shows as removed only.
            let start = text.lineRange(group.lines.lowerBound).lowerBound
            let end = group.lines.upperBound + 1 < text.lineCount ? text.lineRange(group.lines.upperBound + 1).lowerBound : text.bytes.count
            var after = ""
            var cursor = start
            for edit in group.edits where edit.range.lowerBound >= cursor {
                after += text.text(in: cursor..<edit.range.lowerBound) + edit.replacement
                cursor = max(cursor, edit.range.upperBound)
            }
            after += text.text(in: cursor..<max(cursor, end))
            let removed = Self.lines(text.text(in: start..<end))
            let added = Self.lines(after)
            return Hunk(
                firstLine: group.lines.lowerBound + 1, removed: Self.capped(removed), added: Self.capped(added),
                removedCount: removed.count, addedCount: added.count
            )
        }
    }

    /// The lines of a text, without their line breaks (a final line break ends the last line).
    static func lines(_ text: String) -> [String] {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    private static func capped(_ lines: [String]) -> [String] {
        lines.count <= maximumHunkLines ? lines : Array(lines.prefix(maximumHunkLines - 1)) + ["… (\(lines.count - maximumHunkLines + 1) more lines)"]
    }

    // MARK: - Summary

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
            let fixable = report.results.reduce(0) { $0 + $1.diagnostics.filter { $0.fix?.applicability == .safe }.count }
            let suggested = report.results.reduce(0) { $0 + $1.diagnostics.filter { $0.fix?.applicability == .unsafe }.count }
            var fixes: [String] = []
            if fixable > 0 { fixes.append("\(fixable) fixable with --fix") }
            if suggested > 0 { fixes.append("\(suggested) more with --fix-unsafe (review the diff: --fix-dry-run)") }
            if !fixes.isEmpty { lines.append(fixes.joined(separator: "; ") + ".") }
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
