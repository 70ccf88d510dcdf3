import Foundation
import GrantedLinter
import GrantedSemantics
import GrantedRules
import GrantedSyntax

/// Helpers shared by the test targets.
public enum TestSupport {
    /// The package's root directory (where Package.swift is).
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// The `granted-lint` executable built with the tests: SwiftPM puts products next to the test
    /// bundle, whatever the scratch path (`make test` builds once, warnings as errors, into
    /// .build/strict and tests from there). `.build/debug`'s when the bundle's directory has none.
    public static let builtExecutable: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("granted-lint")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/granted-lint")
    }()

    public static let marker: Character = "↓"

    /// Removes `↓` markers and returns the code with the UTF-8 byte offsets they marked.
    public static func stripMarkers(_ code: String) -> (code: String, offsets: [Int]) {
        var clean = ""
        var offsets: [Int] = []
        var offset = 0
        for character in code {
            if character == marker {
                offsets.append(offset)
            } else {
                clean.append(character)
                offset += character.utf8.count
            }
        }
        return (clean, offsets)
    }

    /// Lints source text with the given rules (all built-in rules by default).
    public static func lint(
        _ code: String, path: String = "example.tsx", rules: [any Rule.Type] = BuiltinRules.all,
        prefilter: Bool = true, project: ProjectIndex? = nil
    ) -> (file: SourceFile, diagnostics: [Diagnostic]) {
        let file = SourceFile(path: path, bytes: Array(code.utf8))
            ?? SourceFile(path: path, text: SourceText(code), grammar: .tsx)
        let linter = Linter(rules: rules.map { ConfiguredRule($0) })
        linter.usesPrefilter = prefilter
        linter.project = project
        switch linter.lint(file) {
        case let .success(result): return (file, result.diagnostics)
        case let .failure(problem): fatalError("lint failed: \(problem)")
        }
    }

    /// A finding expected by a corpus fixture: `// expect: rule-id` (or `rule-id@column`) on its line, optionally
    /// with the level it must be reported at: `rule-id=warning` (or `rule-id@column=warning`).
    ///
    /// `level` is not part of equality, hashing or order: the corpus tests compare where findings are and which
    /// rule reports them; the tests that care about levels (EvidenceTests) read `level` themselves.
    public struct Expectation: Hashable, Comparable, CustomStringConvertible {
        public let line: Int
        public let column: Int?
        public let ruleId: String
        public let level: String?

        public init(line: Int, column: Int?, ruleId: String, level: String? = nil) {
            self.line = line
            self.column = column
            self.ruleId = ruleId
            self.level = level
        }

        public static func == (lhs: Expectation, rhs: Expectation) -> Bool {
            (lhs.line, lhs.column, lhs.ruleId) == (rhs.line, rhs.column, rhs.ruleId)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(line)
            hasher.combine(column)
            hasher.combine(ruleId)
        }

        public static func < (lhs: Expectation, rhs: Expectation) -> Bool {
            (lhs.line, lhs.column ?? 0, lhs.ruleId) < (rhs.line, rhs.column ?? 0, rhs.ruleId)
        }

        public var description: String {
            "\(line)\(column.map { ":\($0)" } ?? ""): \(ruleId)\(level.map { "=\($0)" } ?? "")"
        }
    }

    /// Reads the `expect:` comments of a fixture. Several findings on a line are separated by commas;
    /// the same rule twice on a line is written twice; `=level` after a rule id (or its column) is the
    /// level the finding must have.
    public static func expectations(in text: String) -> [Expectation] {
        var result: [Expectation] = []
        // "\r\n" is one Character in Swift: split on every kind of line end, as SourceText counts lines.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        for (index, line) in lines.enumerated() {
            guard let range = line.range(of: "expect: ") else { continue }
            let before = line[..<range.lowerBound]
            guard before.hasSuffix("// ") || before.hasSuffix("/* ") || before.hasSuffix("{/* ") else { continue }
            var rest = line[range.upperBound...]
            if let close = rest.range(of: "*/") { rest = rest[..<close.lowerBound] }
            for item in rest.split(separator: ",") {
                let trimmed = item.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty else { continue }
                // `rule`, `rule@column`, `rule=level`, `rule@column=level` (or `rule=level@column`).
                var level: String?
                var withoutLevel = trimmed
                if let equals = trimmed.firstIndex(of: "=") {
                    let afterEquals = trimmed[trimmed.index(after: equals)...]
                    let levelEnd = afterEquals.firstIndex(of: "@") ?? afterEquals.endIndex
                    level = String(afterEquals[..<levelEnd])
                    withoutLevel = String(trimmed[..<equals]) + String(afterEquals[levelEnd...])
                }
                let parts = withoutLevel.split(separator: "@")
                result.append(Expectation(
                    line: index + 1, column: parts.count > 1 ? Int(parts[1]) : nil, ruleId: String(parts[0]), level: level
                ))
            }
        }
        return result.sorted()
    }

    /// All files under a directory with one of the linted extensions, sorted.
    public static func sourceFiles(under directory: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator where Grammar(fileExtension: url.pathExtension) != nil {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }
}

/// The default (full, rustc-style) text report read back into its parts, so that tests about
/// something else than the layout can name a finding by place, level, rule and message:
///
///     warning[rule-id]: message
///      --> path:line:column
///       |
///     5 |     code
///       |     ^^^^
///      ::: path:line:column            (a related location; `: message` when in another file)
///       |
///       = note: …
///       = help: …
///       = fix: title                   (or `= fix (unsafe, --fix-unsafe): title`, then the diff)
public struct TextReportFinding: Equatable, CustomStringConvertible {
    public var severity: String
    public var rule: String
    public var message: String
    /// `path:line:column` from the ` --> ` line.
    public var location: String
    /// `path:line:column` of each ` ::: ` line (with `: message` for a location in another file).
    public var related: [String] = []
    /// The labels under the related frames (the text after the `-` markers).
    public var relatedLabels: [String] = []
    public var notes: [String] = []
    public var help: String?
    /// The fix's kind and title: `fix: title` or `fix (unsafe, --fix-unsafe): title`.
    public var fix: String?
    /// Every line of the finding, as printed.
    public var lines: [String] = []

    /// The finding as `--format concise` prints it.
    public var description: String { "\(location): \(severity): \(message) [\(rule)]" }

    /// Reads every finding of a full text report (the run's note, the summary and blank lines are
    /// not findings).
    public static func parse(_ report: String) -> [TextReportFinding] {
        var findings: [TextReportFinding] = []
        var current: TextReportFinding?
        for line in report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let header = Self.header(line) {
                if let finished = current { findings.append(finished) }
                current = header
                current?.lines = [line]
                continue
            }
            guard var finding = current else { continue }
            if line.isEmpty {
                findings.append(finding)
                current = nil
                continue
            }
            finding.lines.append(line)
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("--> "), finding.location.isEmpty {
                finding.location = String(trimmed.dropFirst(4))
            } else if trimmed.hasPrefix("::: ") {
                finding.related.append(String(trimmed.dropFirst(4)))
            } else if trimmed.hasPrefix("= note: ") {
                finding.notes.append(String(trimmed.dropFirst(8)))
            } else if trimmed.hasPrefix("= help: ") {
                finding.help = String(trimmed.dropFirst(8))
            } else if trimmed.hasPrefix("= fix") {
                finding.fix = String(trimmed.dropFirst(2))
            } else if trimmed.hasPrefix("| "), let marker = trimmed.firstIndex(of: "-"),
                      trimmed[trimmed.index(after: trimmed.startIndex)..<marker].allSatisfy({ $0 == " " || $0 == "\t" }) {
                // A related frame's marker line: `| ----- label`.
                let label = trimmed[marker...].drop { $0 == "-" }.drop { $0 == " " }
                if !label.isEmpty { finding.relatedLabels.append(String(label)) }
            }
            current = finding
        }
        if let finished = current { findings.append(finished) }
        return findings
    }

    /// `severity[rule]: message`, or nil for any other line.
    private static func header(_ line: String) -> TextReportFinding? {
        for severity in ["error", "warning", "note"] where line.hasPrefix(severity + "[") {
            let rest = line.dropFirst(severity.count + 1)
            guard let close = rest.range(of: "]: ") else { return nil }
            let rule = rest[..<close.lowerBound]
            guard !rule.isEmpty, rule.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "-" }) else { return nil }
            return TextReportFinding(severity: severity, rule: String(rule), message: String(rest[close.upperBound...]), location: "")
        }
        return nil
    }
}
