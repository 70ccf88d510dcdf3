import GrantedLinter
import GrantedSemantics
import GrantedSyntax

/// The JSON report for scripts. Shape (stable; documented in docs/json-format.md):
/// `{ "tool", "version", "findings": [...], "problems": [...], "summary": {...} }`.
public struct JSONReporter {
    public let toolVersion: String
    /// Where a rule's documentation lives (each finding's `url`); nil for none.
    public let helpURI: (String) -> String?

    public init(toolVersion: String, helpURI: @escaping (String) -> String? = { _ in nil }) {
        self.toolVersion = toolVersion
        self.helpURI = helpURI
    }

    public func render(_ report: LintReport) -> String {
        var findings: [JSONValue] = []
        for result in report.results {
            for diagnostic in result.diagnostics {
                findings.append(finding(diagnostic, in: result.file))
            }
        }
        var problems: [JSONValue] = report.problems.map { problem in
            .object([("path", .string(problem.path)), ("kind", .string(problem.kind.rawValue)), ("reason", .string(problem.reason))])
        }
        // Files parsed with error recovery were analysed: listed here, never counted as failures.
        for result in report.results {
            guard let recovery = result.recovery else { continue }
            let text = result.file.text
            let start = text.position(of: recovery.first.range.lowerBound)
            problems.append(.object([
                ("path", .string(result.file.path)),
                ("kind", .string("parse-recovery")),
                ("reason", .string(RecoveryNotes.summary(recovery, in: text))),
                ("line", .int(start.line)),
                ("column", .int(start.column)),
                ("incomplete", .array(recovery.affected.map { function in
                    .object([
                        ("startLine", .int(text.position(of: function.range.lowerBound).line)),
                        ("endLine", .int(text.position(of: max(function.range.lowerBound, function.range.upperBound - 1)).line)),
                        ("function", function.name.map { .string($0) } ?? .null),
                    ])
                })),
            ]))
        }
        return JSONValue.object([
            ("tool", .string("granted-lint")),
            ("version", .string(toolVersion)),
            ("evidence", report.evidenceSummary.map { .string($0) } ?? .null),
            ("findings", .array(findings)),
            ("problems", .array(problems)),
            ("notes", .array(report.notes.map { note in
                .object([("path", .string(note.path)), ("level", .string(note.level.rawValue)), ("message", .string(note.message))])
            })),
            ("summary", .object([
                ("filesChecked", .int(report.filesChecked)),
                ("errors", .int(report.count(of: .error))),
                ("warnings", .int(report.count(of: .warning))),
                ("notes", .int(report.count(of: .note))),
                ("unanalysedFiles", .int(report.problems.count)),
                ("filesParsedWithRecovery", .int(report.results.filter { $0.recovery != nil }.count)),
            ])),
        ]).render() + "\n"
    }

    private func finding(_ diagnostic: Diagnostic, in file: SourceFile) -> JSONValue {
        let range = LineColumnRange(diagnostic.range, in: file.text)
        var members: [(String, JSONValue)] = [("path", .string(file.path))]
        members += position(range)
        members += [
            ("rule", .string(diagnostic.ruleId)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)),
            ("notes", .array(diagnostic.notes.map { .string($0) })),
            ("help", diagnostic.help.map { .string($0) } ?? .null),
            ("url", helpURI(diagnostic.ruleId).map { .string($0) } ?? .null),
        ]
        // A finding that matters only on provisionally authorized devices says which the evidence
        // made it: live, or latent (one level lower, with a `latent:` note). The ESLint plugin,
        // whose severities come from ESLint's configuration, keeps the difference this way.
        if let evidence = diagnostic.evidence {
            members.append(("evidence", .string(evidence.rawValue)))
        }
        if let fix = diagnostic.fix {
            members.append(("fix", .object([
                ("title", .string(fix.title)),
                ("applicability", .string(fix.applicability.rawValue)),
                ("edits", .array(fix.edits.map { edit in
                    .object(position(LineColumnRange(edit.range, in: file.text), exact: edit.range.isEmpty) + [("replacement", .string(edit.replacement))])
                })),
            ])))
        } else {
            members.append(("fix", .null))
        }
        members.append(("related", .array(diagnostic.related.map { related in
            .object((related.elsewhere.map { [("path", JSONValue.string($0.path))] } ?? [])
                + position(LineColumnRange(related, in: file.text)) + [("message", .string(related.message))])
        })))
        // What the device the finding is about lives through, place by place (docs/flows.md).
        if !diagnostic.devicePath.isEmpty {
            members.append(("devicePath", .array(diagnostic.devicePath.map { step in
                .object((step.elsewhere.map { [("path", JSONValue.string($0.path))] } ?? [])
                    + position(LineColumnRange(step, in: file.text)) + [("message", .string(step.message))])
            })))
        }
        return .object(members)
    }

    private func position(_ range: LineColumnRange, exact: Bool = false) -> [(String, JSONValue)] {
        let end = exact ? range.start : range.end
        return [
            ("line", .int(range.start.line)), ("column", .int(range.start.column)),
            ("endLine", .int(end.line)), ("endColumn", .int(end.column)),
        ]
    }
}

/// GitHub Actions workflow commands: one `::error file=…,line=…::message` annotation per finding.
public struct GitHubReporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        var output = ""
        for result in report.results {
            for diagnostic in result.diagnostics {
                let range = LineColumnRange(diagnostic.range, in: result.file.text)
                let command: String
                switch diagnostic.severity {
                case .error: command = "error"
                case .warning: command = "warning"
                case .note: command = "notice"
                }
                let properties = [
                    "file=\(Self.escapeProperty(result.file.path))",
                    "line=\(range.start.line)", "col=\(range.start.column)",
                    "endLine=\(range.end.line)", "endColumn=\(range.end.column)",
                    "title=\(Self.escapeProperty("granted-lint: \(diagnostic.ruleId)"))",
                ]
                output += "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(diagnostic.message))\n"
            }
        }
        for result in report.results {
            guard let recovery = result.recovery else { continue }
            let start = result.file.text.position(of: recovery.first.range.lowerBound)
            let message = RecoveryNotes.message(recovery, in: result.file.text, path: result.file.path)
            output += "::notice file=\(Self.escapeProperty(result.file.path)),line=\(start.line),col=\(start.column),title=granted-lint::\(Self.escapeData(message))\n"
        }
        for problem in report.problems {
            output += "::error file=\(Self.escapeProperty(problem.path)),title=granted-lint::\(Self.escapeData("\(problem.path): \(problem.reason)"))\n"
        }
        return output
    }

    static func escapeData(_ text: String) -> String { escape(text, property: false) }

    static func escapeProperty(_ text: String) -> String { escape(text, property: true) }

    /// Scalar by scalar: a line break followed by a combining mark is one Character, which a search
    /// by Characters (`replacingOccurrences`) does not find, and the rest of the text became a line
    /// of the log of its own — a workflow command of its own if it starts with `::` (found by
    /// fuzzing; issue 40).
    private static func escape(_ text: String, property: Bool) -> String {
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": output.append(contentsOf: "%25".unicodeScalars)
            case "\r": output.append(contentsOf: "%0D".unicodeScalars)
            case "\n": output.append(contentsOf: "%0A".unicodeScalars)
            case ":" where property: output.append(contentsOf: "%3A".unicodeScalars)
            case "," where property: output.append(contentsOf: "%2C".unicodeScalars)
            default: output.append(scalar)
            }
        }
        return String(output)
    }
}

#if canImport(Foundation)
import Foundation
#endif
