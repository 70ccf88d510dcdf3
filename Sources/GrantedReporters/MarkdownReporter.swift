import Foundation
import GrantedFlows
import GrantedLinter
import GrantedSyntax

/// A Markdown summary for `$GITHUB_STEP_SUMMARY` and pull-request comments: a heading, the totals,
/// a table of findings per rule (each rule linked to its documentation), then a table of the
/// findings themselves — `| file:line | severity | rule | message | details |`, the details being the
/// notes and the help line — and the files that could not
/// be analysed or were parsed only with error recovery. Every piece of text from a message or a
/// path is escaped for a GitHub-flavoured table cell (`MarkdownReporter.cell`), so a `|`, a
/// backtick, a newline or a control character cannot break the table or start markup.
/// What holds for the whole run (the provisional evidence) is one note under the heading.
public struct MarkdownReporter {
    /// Findings listed at most: a pull-request comment holds 65,536 characters. The per-rule counts
    /// always cover every finding.
    public static let maximumListedFindings = 200

    /// The repository-relative path (forward slashes) of a reported path.
    public let relativePath: (String) -> String
    /// Where a rule's documentation lives; nil to show the id without a link.
    public let helpURI: (String) -> String?

    /// Where a `file:line` links to (nil: plain text).
    public var sourceLink: ((String, Int) -> String?)?
    /// The flow tables of the flows that hold a live provisional-blind finding (`flowTables(for:)`),
    /// shown after the findings: what each device lives through there (docs/flows.md).
    public var flowTables: [String] = []

    public init(relativePath: @escaping (String) -> String, helpURI: @escaping (String) -> String? = { _ in nil }) {
        self.relativePath = relativePath
        self.helpURI = helpURI
    }

    /// The tables of the flows that hold a live `provisional-blind-check` finding of the report.
    public static func flowTables(for report: LintReport, displayPath: @escaping (String) -> String) -> [String] {
        let evaluator = FlowEvaluator()
        var seen = Set<FlowFunction>()
        var tables: [String] = []
        let reporter = FlowReporter(displayPath: displayPath)
        for result in report.results {
            for diagnostic in result.diagnostics where diagnostic.ruleId == "provisional-blind-check" && !diagnostic.notes.contains(where: { $0.hasPrefix("latent:") }) {
                guard let function = evaluator.function(containing: diagnostic.range, inFile: result.file.path), seen.insert(function).inserted else { continue }
                let evaluation = evaluator.evaluate(function)
                if evaluation.isFlow { tables.append(reporter.table(evaluation)) }
            }
        }
        return tables
    }

    public func render(_ report: LintReport) -> String {
        var output = "## granted-lint\n\n"
        if let evidence = report.evidenceSummary {
            output += "> **Note:** \(Self.cell(evidence)).\n\n"
        }
        let total = report.diagnosticCount
        let checked = plural(report.filesChecked, "file")
        if total == 0 {
            output += "No problems found (\(checked) checked).\n"
        } else {
            var parts = [plural(report.count(of: .error), "error"), plural(report.count(of: .warning), "warning")]
            if report.count(of: .note) > 0 { parts.append(plural(report.count(of: .note), "note")) }
            let withFindings = report.results.filter { !$0.diagnostics.isEmpty }.count
            output += "**\(plural(total, "problem"))** (\(parts.joined(separator: ", "))) in \(plural(withFindings, "file")) (\(report.filesChecked) checked).\n"
            output += "\n" + ruleTable(report) + "\n" + findingTable(report)
        }
        if !report.problems.isEmpty {
            output += "\n**\(plural(report.problems.count, "file")) could not be analysed:**\n\n"
            for problem in report.problems {
                output += "- \(Self.literal(relativePath(problem.path))): \(Self.cell(problem.reason))\n"
            }
        }
        if !flowTables.isEmpty {
            output += "\n### What each device lives through\n\nThe flows that hold a live provisional-blind finding, evaluated on the eight device states (`granted-lint flows`).\n\n"
            output += flowTables.map { $0.replacingOccurrences(of: "### `", with: "#### `") }.joined(separator: "\n")
        }
        let errorNotes = report.notes.filter { $0.level == .error }
        if !errorNotes.isEmpty {
            output += "\n" + errorNotes.map { "**Error:** \(Self.cell($0.message)).\n" }.joined()
        }
        let recovered = report.results.filter { $0.recovery != nil }
        if !recovered.isEmpty {
            output += "\n\(plural(recovered.count, "file")) could only be parsed with error recovery (never a failure):\n\n"
            for result in recovered {
                guard let recovery = result.recovery else { continue }
                output += "- \(Self.literal(relativePath(result.file.path))): \(Self.cell(RecoveryNotes.summary(recovery, in: result.file.text)))\n"
            }
        }
        return output
    }

    private func ruleTable(_ report: LintReport) -> String {
        var counts: [String: Int] = [:]
        for result in report.results {
            for diagnostic in result.diagnostics { counts[diagnostic.ruleId, default: 0] += 1 }
        }
        let rows = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        return "| rule | findings |\n| --- | ---: |\n" + rows.map { "| \(rule($0.key)) | \($0.value) |\n" }.joined()
    }

    private func findingTable(_ report: LintReport) -> String {
        var output = "| file:line | severity | rule | message | details |\n| --- | --- | --- | --- | --- |\n"
        var listed = 0
        for result in report.results {
            let path = relativePath(result.file.path)
            for diagnostic in result.diagnostics {
                guard listed < Self.maximumListedFindings else { break }
                listed += 1
                let line = result.file.text.position(of: diagnostic.range.lowerBound).line
                var details = diagnostic.notes.map { "note: " + $0 }
                if let help = diagnostic.help { details.append("help: " + help) }
                let detailCell = details.map(Self.cell).joined(separator: "<br>")
                output += "| \(location(path, line)) | \(diagnostic.severity.rawValue) | \(rule(diagnostic.ruleId)) | \(Self.cell(diagnostic.message)) | \(detailCell) |\n"
            }
        }
        if report.diagnosticCount > listed {
            output += "\n\(plural(report.diagnosticCount - listed, "more finding")) not listed; see the full report.\n"
        }
        return output
    }

    /// `path:line`, linked to that line of the commit when the run knows it (`sourceLink`).
    private func location(_ path: String, _ line: Int) -> String {
        let text = Self.literal("\(path):\(line)")
        guard let url = sourceLink?(path, line) else { return text }
        return "[\(text)](\(Self.linkDestination(url)))"
    }

    /// A `file:line` link to a commit's line on GitHub, from the variables GitHub Actions sets
    /// (`GITHUB_SERVER_URL`, `GITHUB_REPOSITORY`, `GITHUB_SHA`); nil outside Actions.
    public static func gitHubSourceLink(environment: [String: String]) -> ((String, Int) -> String?)? {
        guard let server = environment["GITHUB_SERVER_URL"], !server.isEmpty,
              let repository = environment["GITHUB_REPOSITORY"], !repository.isEmpty,
              let sha = environment["GITHUB_SHA"], !sha.isEmpty else { return nil }
        let base = "\(server.hasSuffix("/") ? String(server.dropLast()) : server)/\(repository)/blob/\(sha)/"
        return { path, line in
            // Only a path inside the repository (relative) has a page there.
            guard !path.hasPrefix("/"), !path.hasPrefix("../") else { return nil }
            return base + path.split(separator: "/").map { String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0) }.joined(separator: "/") + "#L\(line)"
        }
    }

    private func rule(_ id: String) -> String {
        guard let uri = helpURI(id) else { return Self.cell(id) }
        return "[\(Self.cell(id))](\(Self.linkDestination(uri)))"
    }

    /// Prose for a table cell (and for list items) — a message, a note, the help line: its code
    /// spans (`` `existingStatus !== 'granted'` ``) stay code, with only what would end the cell
    /// escaped in them (`|`, which GitHub's tables unescape inside code too; a line end becomes a
    /// space, as it would in code); everything around them is shown as it is (`literal`). A
    /// backtick that opens no span is shown as a backtick.
    public static func cell(_ text: String) -> String {
        let characters = Array(text)
        var output = ""
        var plain = ""
        var index = 0
        while index < characters.count {
            guard characters[index] == "`" else {
                plain.append(characters[index])
                index += 1
                continue
            }
            var run = 0
            while index + run < characters.count, characters[index + run] == "`" { run += 1 }
            // The closing run has exactly the opening run's length.
            var close: Int?
            var search = index + run
            while search < characters.count {
                if characters[search] == "`" {
                    var length = 0
                    while search + length < characters.count, characters[search + length] == "`" { length += 1 }
                    if length == run {
                        close = search
                        break
                    }
                    search += length
                } else {
                    search += 1
                }
            }
            guard let close else {
                plain += String(repeating: "`", count: run)
                index += run
                continue
            }
            let code = String(characters[(index + run)..<close])
            var shown = ""
            for scalar in code.unicodeScalars {
                switch scalar {
                case "|": shown += "\\|"
                case "\r", "\n", "\t": shown += " "
                default:
                    if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                        shown += "\u{FFFD}"
                    } else {
                        shown.unicodeScalars.append(scalar)
                    }
                }
            }
            // A code span that is empty or all spaces is no span: shown as it is.
            guard !shown.trimmingCharacters(in: .whitespaces).isEmpty else {
                plain += String(characters[index..<(close + run)])
                index = close + run
                continue
            }
            output += literal(plain)
            plain = ""
            let fence = String(repeating: "`", count: run)
            let pad = shown.hasPrefix("`") || shown.hasSuffix("`") ? " " : ""
            output += fence + pad + shown + pad + fence
            index = close + run
        }
        return output + literal(plain)
    }

    /// Text shown as it is (a path): ASCII punctuation that could start markup, end the cell or
    /// decode an entity is backslash-escaped, line breaks become `<br>`, tabs spaces, and the other
    /// control characters (and the noncharacters U+FFFE, U+FFFF) U+FFFD.
    public static func literal(_ text: String) -> String {
        var output = ""
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\r": output += "<br>"
            case "\n": if !afterCarriageReturn { output += "<br>" }
            case "\t": output += " "
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&", "$", "#", "!":
                output += "\\" + String(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    output += "\u{FFFD}"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }

    /// A link destination with spaces, parentheses, pipes, angle brackets, controls and non-ASCII
    /// bytes percent-encoded, so that the link cannot end early or split the cell.
    static func linkDestination(_ uri: String) -> String {
        var output = ""
        for byte in uri.utf8 {
            if byte <= 0x20 || byte >= 0x7F || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "|") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") {
                let hex = String(byte, radix: 16, uppercase: true)
                output += "%" + (hex.count == 1 ? "0" : "") + hex
            } else {
                output.unicodeScalars.append(UnicodeScalar(byte))
            }
        }
        return output
    }

    private func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
