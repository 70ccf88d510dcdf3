import GrantedLinter
import GrantedSemantics
import GrantedSyntax

/// SARIF 2.1.0 for code scanning (see shared docs SARIF.md): one run, every rule that ran in
/// `tool.driver.rules`, results with relative `%SRCROOT%` URIs, full regions in UTF-16 columns,
/// stable fingerprints, fixes, related locations, and a notification for each file that could not
/// be analysed.
public struct SARIFReporter {
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    public static let informationURI = "https://github.com/granted-lint/granted-lint"

    public let toolVersion: String
    public let rules: [ConfiguredRule]
    /// The repository-relative path (forward slashes) of a reported path.
    public let relativePath: (String) -> String
    /// Where each rule's documentation lives, relative to `informationURI`; nil to leave `helpUri` out.
    public let helpURI: (String) -> String?

    public init(
        toolVersion: String, rules: [ConfiguredRule], relativePath: @escaping (String) -> String,
        helpURI: @escaping (String) -> String? = { _ in nil }
    ) {
        self.toolVersion = toolVersion
        self.rules = rules
        self.relativePath = relativePath
        self.helpURI = helpURI
    }

    public func render(_ report: LintReport) -> String {
        var descriptors = rules.map { $0.rule.description }
        // The engine's own findings get a descriptor when the run reported them.
        for engineRule in EngineRules.all where report.results.contains(where: { $0.diagnostics.contains { $0.ruleId == engineRule.id } }) {
            descriptors.append(engineRule)
        }
        let ruleIndex = Dictionary(descriptors.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let configuredLevel = Dictionary(rules.map { ($0.rule.description.id, $0.severity) }, uniquingKeysWith: { a, _ in a })

        var results: [JSONValue] = []
        for result in report.results {
            let fingerprints = Fingerprint.compute(for: result.diagnostics, in: result.file.text)
            for (diagnostic, fingerprint) in zip(result.diagnostics, fingerprints) {
                results.append(sarifResult(diagnostic, in: result.file, index: ruleIndex[diagnostic.ruleId] ?? 0, fingerprint: fingerprint))
            }
        }
        var notifications: [JSONValue] = report.problems.map { problem in
            .object([
                ("level", .string("error")),
                ("message", .object([("text", .string("\(problem.path): \(problem.reason)"))])),
                ("locations", .array([.object([("physicalLocation", .object([("artifactLocation", artifactLocation(problem.path))]))])])),
                ("descriptor", .object([("id", .string(problem.kind.rawValue))])),
            ])
        }
        for note in report.notes {
            notifications.append(.object([
                ("level", .string(note.level.rawValue)),
                ("message", .object([("text", .string(note.message))])),
                ("locations", .array([.object([("physicalLocation", .object([("artifactLocation", artifactLocation(note.path, directory: true))]))])])),
                ("descriptor", .object([("id", .string(note.level == .error ? "all-files-excluded" : "no-files"))])),
            ]))
        }
        for result in report.results {
            guard let recovery = result.recovery else { continue }
            let range = LineColumnRange(recovery.first.range, in: result.file.text)
            notifications.append(.object([
                ("level", .string("warning")),
                ("message", .object([("text", .string(RecoveryNotes.message(recovery, in: result.file.text, path: result.file.path)))])),
                ("locations", .array([.object([("physicalLocation", .object([
                    ("artifactLocation", artifactLocation(result.file.path)),
                    ("region", region(range)),
                ]))])])),
                ("descriptor", .object([("id", .string("parse-recovery"))])),
            ]))
        }

        let driver: JSONValue = .object([
            ("name", .string("granted-lint")),
            ("semanticVersion", .string(toolVersion)),
            ("version", .string(toolVersion)),
            ("informationUri", .string(SARIFReporter.informationURI)),
            ("rules", .array(descriptors.map { descriptor(for: $0, level: configuredLevel[$0.id] ?? $0.defaultSeverity) })),
        ])
        let invocation: JSONValue = .object([
            ("executionSuccessful", .bool(report.problems.isEmpty && !report.notes.contains { $0.level == .error })),
            ("toolExecutionNotifications", .array(notifications)),
        ])
        let run: JSONValue = .object([
            ("tool", .object([("driver", driver)])),
            ("originalUriBaseIds", .object([("%SRCROOT%", .object([
                ("description", .object([("text", .string("The root of the repository (or the working directory outside git)."))])),
            ]))])),
            ("invocations", .array([invocation])),
            ("columnKind", .string("utf16CodeUnits")),
            ("results", .array(results)),
        ])
        return JSONValue.object([
            ("$schema", .string(SARIFReporter.schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ]).render() + "\n"
    }

    private func descriptor(for description: RuleDescription, level: Severity) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(description.id)),
            ("name", .string(SARIFReporter.pascalCase(description.id))),
            ("shortDescription", .object([("text", .string(SARIFReporter.limit(description.summary)))])),
            ("fullDescription", .object([("text", .string(SARIFReporter.limit(SARIFReporter.firstSection(of: description))))])),
            ("help", .object([
                ("text", .string(SARIFReporter.plainText(description.rationale))),
                ("markdown", .string(description.rationale)),
            ])),
        ]
        if let uri = helpURI(description.id) { members.append(("helpUri", .string(uri))) }
        members.append(("defaultConfiguration", .object([("level", .string(level.rawValue))])))
        members.append(("properties", .object([
            ("tags", .array(description.tags.prefix(20).map { .string($0) })),
            ("precision", .string(description.precision)),
        ])))
        return .object(members)
    }

    private func sarifResult(_ diagnostic: Diagnostic, in file: SourceFile, index: Int, fingerprint: String) -> JSONValue {
        let range = LineColumnRange(diagnostic.range, in: file.text)
        var members: [(String, JSONValue)] = [
            ("ruleId", .string(diagnostic.ruleId)),
            ("ruleIndex", .int(index)),
            ("level", .string(diagnostic.severity.rawValue)),
            ("message", SARIFReporter.message(diagnostic)),
            ("locations", .array([.object([("physicalLocation", .object([
                ("artifactLocation", artifactLocation(file.path)),
                ("region", region(range)),
            ]))])])),
            ("partialFingerprints", .object([("primaryLocationLineHash", .string(fingerprint))])),
        ]
        if !diagnostic.related.isEmpty {
            members.append(("relatedLocations", .array(diagnostic.related.enumerated().map { position, related in
                .object([
                    ("id", .int(position + 1)),
                    ("physicalLocation", .object([
                        ("artifactLocation", artifactLocation(related.elsewhere?.path ?? file.path)),
                        ("region", region(LineColumnRange(related, in: file.text))),
                    ])),
                    ("message", .object([("text", .string(related.message))])),
                ])
            })))
        }
        if !diagnostic.devicePath.isEmpty {
            // What the device the finding is about lives through: GitHub code scanning shows a
            // result's thread flow as the alert's path (docs/flows.md).
            members.append(("codeFlows", .array([.object([
                ("message", .object([("text", .string(diagnostic.notes.last ?? ""))])),
                ("threadFlows", .array([.object([
                    ("locations", .array(diagnostic.devicePath.map { step in
                        .object([("location", .object([
                            ("physicalLocation", .object([
                                ("artifactLocation", artifactLocation(step.elsewhere?.path ?? file.path)),
                                ("region", region(LineColumnRange(step, in: file.text))),
                            ])),
                            ("message", .object([("text", .string(step.message))])),
                        ]))])
                    })),
                ])])),
            ])])))
        }
        if let fix = diagnostic.fix {
            members.append(("fixes", .array([.object([
                ("description", .object([("text", .string(fix.title + (fix.applicability == .unsafe ? " (unsafe: review before applying)" : "")))])),
                ("artifactChanges", .array([.object([
                    ("artifactLocation", artifactLocation(file.path)),
                    ("replacements", .array(fix.edits.map { edit in
                        .object([
                            ("deletedRegion", region(LineColumnRange(edit.range, in: file.text), exact: edit.range.isEmpty)),
                            ("insertedContent", .object([("text", .string(edit.replacement))])),
                        ])
                    })),
                ])])),
            ])])))
        }
        return .object(members)
    }

    /// A result's message: `text` is the short message; `markdown` adds the notes and the help line
    /// (GitHub code scanning shows it under the alert).
    static func message(_ diagnostic: Diagnostic) -> JSONValue {
        guard !diagnostic.notes.isEmpty || diagnostic.help != nil else { return .object([("text", .string(diagnostic.message))]) }
        var markdown = diagnostic.message
        for note in diagnostic.notes { markdown += "\n\n**Note:** " + note }
        if let help = diagnostic.help { markdown += "\n\n**Help:** " + help }
        return .object([("text", .string(diagnostic.message)), ("markdown", .string(markdown))])
    }

    private func artifactLocation(_ path: String, directory: Bool = false) -> JSONValue {
        var uri = SARIFReporter.percentEncode(relativePath(path))
        // A directory's URI ends in a slash (SARIF §3.10.3); the top itself is "./".
        if directory, !uri.hasSuffix("/") { uri = uri.isEmpty || uri == "." ? "./" : uri + "/" }
        return .object([
            ("uri", .string(uri)),
            ("uriBaseId", .string("%SRCROOT%")),
        ])
    }

    private func region(_ range: LineColumnRange, exact: Bool = false) -> JSONValue {
        let end = exact ? range.start : range.end
        return .object([
            ("startLine", .int(range.start.line)),
            ("startColumn", .int(range.start.column)),
            ("endLine", .int(end.line)),
            ("endColumn", .int(end.column)),
        ])
    }

    /// RFC 3986: keep unreserved characters and `/`, percent-encode every other UTF-8 byte.
    public static func percentEncode(_ path: String) -> String {
        var output = ""
        for byte in path.utf8 {
            let character = Character(UnicodeScalar(byte))
            if byte < 0x80, character.isLetter || character.isNumber || "-._~/".contains(character) {
                output.append(character)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                output += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return output
    }

    static func pascalCase(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// GitHub shows at most 1024 characters of a description.
    static func limit(_ text: String) -> String {
        text.count <= 1024 ? text : String(text.prefix(1021)) + "..."
    }

    /// The "What it does" section as plain text.
    static func firstSection(of description: RuleDescription) -> String {
        let rationale = description.rationale
        guard let start = rationale.range(of: "## What it does") else { return description.summary }
        let rest = rationale[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        let text = plainText(String(rest[..<end])).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? description.summary : text
    }

    /// Markdown with the heading marks removed; code stays as it is.
    static func plainText(_ markdown: String) -> String {
        markdown.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("## ") ? String(line.dropFirst(3)) : String(line)
        }.joined(separator: "\n")
    }
}

#if canImport(Foundation)
import Foundation
#endif
