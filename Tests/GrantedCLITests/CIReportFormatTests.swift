import GrantedDiscovery
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GrantedCLI
import GrantedLinter
import GrantedSemantics
import GrantedReporters
import Testing
import TestSupport

/// The reports for other CI systems: GitLab Code Quality and JSON checked against their documented
/// shapes, JUnit and Checkstyle parsed back by `xmllint` (libxml2-utils, installed by
/// scripts/test-deps.sh), the Markdown summary rendered by GitHub's `cmark-gfm` and its tables
/// counted — and every one of them fed paths and messages with control characters, pipes, backticks
/// and markup. Golden files are in ReportFormatTests.swift's `goldenFormats`.
extension CLITests {
    /// An executable on the PATH, or nil.
    static func tool(_ name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let xmllint = tool("xmllint")
    static let cmarkGFM = tool("cmark-gfm")

    /// Runs a tool on `text` (written to a temporary file, named last) and returns its status and
    /// standard output, with standard error appended.
    static func runTool(_ executable: String, _ arguments: [String], on text: String) throws -> (status: Int32, output: String) {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("granted-lint-\(UUID().uuidString)")
        try Data(text.utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments + [input.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// `xmllint --noout`: nil when the text is well-formed XML, else xmllint's complaint.
    static func xmlProblem(_ xml: String) throws -> String? {
        let lint = try runTool(try #require(xmllint), ["--noout"], on: xml)
        return lint.status == 0 ? nil : lint.output
    }

    /// Every element named `name` (local name, any namespace) at or below `node`, in document order.
    static func elements(_ name: String, in node: XMLNode) -> [XMLElement] {
        var found: [XMLElement] = []
        var stack: [XMLNode] = [node]
        while let next = stack.popLast() {
            if let element = next as? XMLElement, element.localName == name { found.append(element) }
            stack.append(contentsOf: (next.children ?? []).reversed())
        }
        return found
    }

    static func parseXML(_ xml: String) throws -> XMLDocument {
        try XMLDocument(data: Data(xml.utf8), options: [])
    }

    /// What an XML parser reads back from a reporter's escaped text: the characters XML 1.0 forbids
    /// are U+FFFD, everything else (tab, CR, LF, DEL, C1) survives.
    static func xmlReadBack(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: return scalar
            case 0x00..<0x20, 0xFFFE, 0xFFFF: return "\u{FFFD}"
            default: return scalar
            }
        }))
    }

    /// A copy of the example app (findings of every severity), a clean file, a file that cannot be
    /// analysed and a file whose name holds a control character and XML markup.
    static func mixedProject() throws -> URL {
        let directory = try temporaryDirectory()
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("TestCorpus/example-app"), to: directory.appendingPathComponent("app"))
        try Data([0x00, 0xFF, 0x13]).write(to: directory.appendingPathComponent("binary.ts"))
        try write(handler, to: "odd\u{7}name & <co>.ts", in: directory)
        try write("export const clean = 1;\n", to: "clean.ts", in: directory)
        return directory
    }

    // MARK: GitLab Code Quality

    @Test func gitLabReportHasTheDocumentedShape() throws {
        let directory = try Self.mixedProject()
        let run = Self.run(["--format", "gitlab", "."], in: directory)
        #expect(run.status == 2, "binary.ts cannot be analysed")
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
        let sarif = try Self.checkCodeScanningRequirements(Self.run(["--format", "sarif", "."], in: directory).output)
        let sarifResults = try #require(sarif["results"] as? [[String: Any]])
        #expect(issues.count == sarifResults.count + 1, "every finding, and the file that could not be analysed")
        var fingerprints = Set<String>()
        for issue in issues {
            // GitLab documents exactly these: description, check_name, fingerprint, severity, location.path, location.lines.begin.
            #expect(Set(issue.keys) == ["description", "check_name", "fingerprint", "severity", "location"])
            #expect((issue["description"] as? String)?.isEmpty == false)
            #expect((issue["check_name"] as? String)?.isEmpty == false)
            let fingerprint = try #require(issue["fingerprint"] as? String)
            #expect(fingerprint.count == 16 && fingerprint.allSatisfy(\.isHexDigit) && fingerprint == fingerprint.lowercased())
            #expect(fingerprints.insert(fingerprint).inserted, "fingerprints are unique in the report (GitLab keeps only the first)")
            #expect(["info", "minor", "major", "critical", "blocker"].contains(issue["severity"] as? String ?? ""))
            let location = try #require(issue["location"] as? [String: Any])
            #expect(Set(location.keys) == ["path", "lines"])
            let path = try #require(location["path"] as? String)
            #expect(!path.isEmpty && !path.hasPrefix("/") && !path.hasPrefix("./") && !path.contains("\\"))
            let lines = try #require(location["lines"] as? [String: Any])
            #expect((lines["begin"] as? Int ?? 0) >= 1)
        }
        // The same findings as SARIF, with SARIF's stable fingerprint bound to the path.
        let levels = ["error": "major", "warning": "minor", "note": "info"]
        for (issue, result) in zip(issues, sarifResults) {
            let location = try #require(((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]))
            let uri = try #require(((location["artifactLocation"] as? [String: Any])?["uri"] as? String)?.removingPercentEncoding)
            let line = (location["region"] as? [String: Any])?["startLine"] as? Int
            let hash = try #require((result["partialFingerprints"] as? [String: Any])?["primaryLocationLineHash"] as? String)
            #expect(issue["check_name"] as? String == result["ruleId"] as? String)
            #expect(issue["severity"] as? String == levels[result["level"] as? String ?? ""])
            #expect(issue["fingerprint"] as? String == Fingerprint.reportWide(hash, path: uri))
            let issueLocation = issue["location"] as? [String: Any]
            #expect(issueLocation?["path"] as? String == uri)
            #expect((issueLocation?["lines"] as? [String: Any])?["begin"] as? Int == line)
        }
        let paths = issues.compactMap { ($0["location"] as? [String: Any])?["path"] as? String }
        #expect(paths.contains("odd\u{7}name & <co>.ts"), "the path as it is: JSON escapes the control character")
        #expect(issues.contains { $0["check_name"] as? String == "not-text" && ($0["location"] as? [String: Any])?["path"] as? String == "binary.ts" })
        #expect(run.output.contains(#""path": "odd\u0007name & <co>.ts""#))
        // A clean run is an empty array, which GitLab accepts.
        #expect(Self.run(["--format", "gitlab", "clean.ts"], in: directory).output == "[]\n")
    }

    @Test func gitLabFingerprintsSurviveLinesInsertedAboveAndDifferBetweenFiles() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(Self.handler, to: "a.ts", in: directory)
        try Self.write(Self.handler, to: "b.ts", in: directory)
        func issues() throws -> [[String: Any]] {
            try #require(try JSONSerialization.jsonObject(with: Data(Self.run(["--format", "gitlab", "."], in: directory).output.utf8)) as? [[String: Any]])
        }
        let before = try issues()
        #expect(before.count == 2)
        #expect(before[0]["fingerprint"] as? String != before[1]["fingerprint"] as? String, "the same line in two files")
        try Self.write("// a comment\n\nconst unrelated = 1;\n" + Self.handler, to: "a.ts", in: directory)
        let after = try issues()
        #expect(after.map { $0["fingerprint"] as? String } == before.map { $0["fingerprint"] as? String })
        let begin = { (issue: [String: Any]) in ((issue["location"] as? [String: Any])?["lines"] as? [String: Any])?["begin"] as? Int ?? 0 }
        #expect(begin(after[0]) == begin(before[0]) + 3)
    }

    // MARK: JSON

    /// docs/json-format.md, key by key.
    @Test func jsonReportHasTheDocumentedShape() throws {
        let directory = try Self.mixedProject()
        let run = Self.run(["--format", "json", "."], in: directory)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(Set(root.keys) == ["tool", "version", "evidence", "findings", "problems", "notes", "summary"])
        #expect(root["tool"] as? String == "granted-lint")
        // The example app requests provisional authorization: the run says so once.
        let evidence = try #require(root["evidence"] as? String)
        #expect(evidence.hasPrefix("provisional authorization is requested at app/") && evidence.hasSuffix("so the provisional-blind checks below are live"), "\(evidence)")
        let findings = try #require(root["findings"] as? [[String: Any]])
        #expect(!findings.isEmpty)
        for finding in findings {
            // `devicePath` only on the findings of a flow, `evidence` only on the provisional-blind
            // checks' (docs/json-format.md).
            #expect(Set(finding.keys).subtracting(["devicePath", "evidence"]) == ["path", "line", "column", "endLine", "endColumn", "rule", "severity", "message", "notes", "help", "url", "fix", "related"])
            if let evidence = finding["evidence"] as? String {
                #expect(evidence == "live", "the example app requests provisional authorization: \(finding)")
                #expect(["provisional-blind-check", "provisional-blind-analytics"].contains(finding["rule"] as? String ?? ""), "\(finding)")
            }
            if let steps = finding["devicePath"] as? [[String: Any]] {
                #expect(["provisional-blind-check", "request-when-denied", "unguarded-provisional-request"].contains(finding["rule"] as? String ?? ""))
                #expect(!steps.isEmpty && steps.allSatisfy { ($0["line"] as? Int ?? 0) >= 1 && !(($0["message"] as? String) ?? "").isEmpty })
            }
            #expect(["error", "warning", "note"].contains(finding["severity"] as? String ?? ""))
            for key in ["line", "column", "endLine", "endColumn"] { #expect((finding[key] as? Int ?? 0) >= 1) }
            let message = finding["message"] as? String ?? ""
            #expect(message.hasPrefix("`") && message.count <= 100 && !message.hasSuffix("."), "\(message)")
            let notes = try #require(finding["notes"] as? [String])
            #expect(notes.allSatisfy { !$0.isEmpty })
            #expect(finding["help"] is NSNull || (finding["help"] as? String)?.isEmpty == false)
            #expect(!notes.isEmpty || finding["help"] is String, "a finding says more than its message: \(finding)")
            if finding["rule"] as? String == "provisional-blind-check" {
                #expect(!notes.isEmpty && finding["help"] is String, "why provisional devices are rejected, and what to accept: \(finding)")
            }
            #expect(finding["url"] as? String == "https://github.com/granted-lint/granted-lint/blob/main/docs/rules/\(finding["rule"] as? String ?? "?").md")
            #expect(finding["fix"] is NSNull || finding["fix"] is [String: Any])
            #expect(finding["related"] is [Any])
        }
        // Without a provisional-blind finding, the evidence is null.
        let handlerOnly = try #require(try JSONSerialization.jsonObject(with: Data(Self.run(["--format", "json", "odd\u{7}name & <co>.ts"], in: directory).output.utf8)) as? [String: Any])
        #expect((handlerOnly["findings"] as? [Any])?.count == 1)
        #expect(handlerOnly["evidence"] is NSNull)
        let problems = try #require(root["problems"] as? [[String: Any]])
        #expect(problems.contains { $0["path"] as? String == "binary.ts" && $0["kind"] as? String == "not-text" && $0["reason"] is String })
        let summary = try #require(root["summary"] as? [String: Any])
        for key in ["filesChecked", "errors", "warnings", "notes", "unanalysedFiles", "filesParsedWithRecovery"] {
            #expect(summary[key] is Int, "summary.\(key)")
        }
    }

    // MARK: JUnit and Checkstyle

    @Test(.enabled(if: CLITests.xmllint != nil, "xmllint not found: install libxml2-utils (scripts/test-deps.sh)"))
    func junitIsWellFormedXMLWithATestCasePerFileAndAFailurePerFinding() throws {
        let directory = try Self.mixedProject()
        let run = Self.run(["--format", "junit", "."], in: directory)
        #expect(try Self.xmlProblem(run.output) == nil)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(Self.run(["--format", "json", "."], in: directory).output.utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        let summary = try #require(json["summary"] as? [String: Any])
        let document = try Self.parseXML(run.output)
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        let suite = try #require(Self.elements("testsuite", in: root).first)
        let cases = Self.elements("testcase", in: suite)
        let checked = summary["filesChecked"] as? Int ?? -1
        #expect(cases.count == checked + 1, "each checked file, and the one that could not be analysed")
        #expect(cases.allSatisfy { $0.attribute(forName: "classname")?.stringValue == "granted-lint" })
        let failing = cases.filter { !Self.elements("failure", in: $0).isEmpty }
        #expect(Self.elements("failure", in: suite).count == findings.count)
        #expect(Self.elements("error", in: suite).count == 1)
        for element in [root, suite] {
            #expect(element.attribute(forName: "tests")?.stringValue == String(cases.count))
            #expect(element.attribute(forName: "failures")?.stringValue == String(failing.count))
            #expect(element.attribute(forName: "errors")?.stringValue == "1")
        }
        #expect(cases.contains { $0.attribute(forName: "name")?.stringValue == "clean.ts" && $0.childCount == 0 }, "a clean file passes")
        let odd = try #require(cases.first { $0.attribute(forName: "name")?.stringValue == "odd\u{FFFD}name & <co>.ts" })
        let failure = try #require(Self.elements("failure", in: odd).first)
        #expect(failure.attribute(forName: "type")?.stringValue == "deprecated-should-show-alert")
        #expect(failure.attribute(forName: "message")?.stringValue?.hasPrefix("`shouldShowAlert` is deprecated") == true)
        #expect(failure.stringValue?.hasPrefix("odd\u{FFFD}name & <co>.ts:5:5: warning: ") == true)
        // Nothing checked: still a valid, empty report.
        let empty = Self.run(["--format", "junit", "."], in: try Self.temporaryDirectory())
        #expect(try Self.xmlProblem(empty.output) == nil)
        #expect(empty.output.contains(#"<testsuite name="granted-lint" tests="0" failures="0" errors="0" skipped="0"/>"#))
    }

    @Test(.enabled(if: CLITests.xmllint != nil, "xmllint not found: install libxml2-utils (scripts/test-deps.sh)"))
    func checkstyleIsWellFormedXMLWithAnErrorPerFinding() throws {
        let directory = try Self.mixedProject()
        let run = Self.run(["--format", "checkstyle", "."], in: directory)
        #expect(try Self.xmlProblem(run.output) == nil)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(Self.run(["--format", "json", "."], in: directory).output.utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        let root = try #require(try Self.parseXML(run.output).rootElement())
        #expect(root.name == "checkstyle" && root.attribute(forName: "version")?.stringValue == "4.3")
        let files = Self.elements("file", in: root)
        let checked = (json["summary"] as? [String: Any])?["filesChecked"] as? Int ?? -1
        #expect(files.count == checked + 1, "each checked file, and the one that could not be analysed")
        let errors = Self.elements("error", in: root)
        #expect(errors.count == findings.count + 1)
        let severities = ["error": "error", "warning": "warning", "note": "info"]
        for (error, finding) in zip(errors, findings) {
            #expect(error.attribute(forName: "line")?.stringValue == String(finding["line"] as? Int ?? 0))
            #expect(error.attribute(forName: "column")?.stringValue == String(finding["column"] as? Int ?? 0))
            #expect(error.attribute(forName: "severity")?.stringValue == severities[finding["severity"] as? String ?? ""])
            #expect(error.attribute(forName: "message")?.stringValue == Self.xmlReadBack(finding["message"] as? String ?? ""))
            #expect(error.attribute(forName: "source")?.stringValue == "granted-lint." + (finding["rule"] as? String ?? ""))
        }
        #expect(files.contains { $0.attribute(forName: "name")?.stringValue == "odd\u{FFFD}name & <co>.ts" })
        let binary = try #require(files.first { $0.attribute(forName: "name")?.stringValue == "binary.ts" })
        #expect(Self.elements("error", in: binary).first?.attribute(forName: "source")?.stringValue == "granted-lint.not-text")
    }

    // MARK: Escaping, on a report built by hand

    /// A path and a message holding every character the formats must escape.
    static let hostilePath = "src/we|ird`<&>\"'\u{1}\u{7F}\u{85}\tname.ts"
    static let hostileMessage = "a | b `c` <d/> & \"e\" ]]> *f* _g_ [h](i) \\| $j$ \u{0}\u{1B}[31m\u{7}\r\nline two\rthree\nfour\ttab \u{85}\u{FFFE} end"
    /// A finding's other parts, as hostile (two notes and the help line).
    static let hostileNotes = ["why | `x` <y/> & *z* \u{7}\r\nnext ]]>", "plain"]
    static let hostileHelp = "write `w` [v](u) _t_ ~~s~~ <br> \\| end"
    static let hostileEvidence = "requested at src/a|b.ts:3 (`x` & <y>)"

    static func hostileReport(findings: Int = 1) throws -> LintReport {
        let file = try #require(SourceFile(path: hostilePath, bytes: Array(handler.utf8)))
        let diagnostics = (0..<findings).map { index in
            Diagnostic(ruleId: "deprecated-should-show-alert", severity: index == 0 ? .error : .note, message: hostileMessage,
                       notes: hostileNotes, help: hostileHelp, range: 0..<6)
        }
        var report = LintReport(results: [FileResult(file: file, diagnostics: diagnostics, analysed: true)], problems: [
            FileProblem(path: "bin\u{2}ary.ts", kind: .notText, reason: "it contains NUL bytes <\u{0}>, so it is not a text file"),
        ])
        report.evidenceSummary = hostileEvidence
        return report
    }

    @Test(.enabled(if: CLITests.xmllint != nil, "xmllint not found: install libxml2-utils (scripts/test-deps.sh)"))
    func xmlReportsEscapeControlCharactersAndMarkup() throws {
        let report = try Self.hostileReport()
        let junit = JUnitReporter(relativePath: { $0 }).render(report)
        let checkstyle = CheckstyleReporter(relativePath: { $0 }).render(report)
        for xml in [junit, checkstyle] {
            #expect(try Self.xmlProblem(xml) == nil)
            #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" } && !xml.contains("\u{FFFE}"), "no raw control character")
        }
        let junitRoot = try #require(try Self.parseXML(junit).rootElement())
        let testCase = try #require(Self.elements("testcase", in: junitRoot).first)
        #expect(testCase.attribute(forName: "name")?.stringValue == Self.xmlReadBack(Self.hostilePath))
        let failure = try #require(Self.elements("failure", in: testCase).first)
        #expect(failure.attribute(forName: "message")?.stringValue == Self.xmlReadBack(Self.hostileMessage), "attributes keep tab, CR and LF")
        // The body: the finding's line, then a line a note and the help line.
        #expect(failure.stringValue == Self.xmlReadBack("\(Self.hostilePath):1:1: error: \(Self.hostileMessage) [deprecated-should-show-alert]"
            + Self.hostileNotes.map { "\nnote: \($0)" }.joined() + "\nhelp: \(Self.hostileHelp)"))
        let junitError = try #require(Self.elements("error", in: junitRoot).first)
        #expect(junitError.attribute(forName: "message")?.stringValue == "it contains NUL bytes <\u{FFFD}>, so it is not a text file")

        let checkstyleRoot = try #require(try Self.parseXML(checkstyle).rootElement())
        let files = Self.elements("file", in: checkstyleRoot)
        #expect(files.map { $0.attribute(forName: "name")?.stringValue } == [Self.xmlReadBack(Self.hostilePath), "bin\u{FFFD}ary.ts"])
        let error = try #require(Self.elements("error", in: checkstyleRoot).first)
        #expect(error.attribute(forName: "message")?.stringValue == Self.xmlReadBack(Self.hostileMessage))
        #expect(error.attribute(forName: "severity")?.stringValue == "error")
    }

    @Test func gitLabReportKeepsHostileTextExactly() throws {
        let report = try Self.hostileReport()
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(GitLabReporter(relativePath: { $0 }).render(report).utf8)) as? [[String: Any]])
        #expect(issues.count == 2)
        #expect(issues[0]["description"] as? String == Self.hostileMessage)
        #expect((issues[0]["location"] as? [String: Any])?["path"] as? String == Self.hostilePath)
        #expect(issues[0]["severity"] as? String == "major")
        #expect(issues[1]["check_name"] as? String == "not-text")
    }

    /// A Markdown table row's cells as GitHub splits them: at each `|` not escaped by a backslash.
    static func markdownCells(_ row: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var escaped = false
        for character in row.dropFirst().dropLast() {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                current.append(character)
                escaped = true
            } else if character == "|" {
                cells.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        return cells + [current]
    }

    /// The text cmark-gfm renders for a table cell: text, code and `<br>` as a newline.
    static func renderedText(_ node: XMLNode) -> String {
        var text = ""
        var stack: [XMLNode] = [node]
        while let next = stack.popLast() {
            if let element = next as? XMLElement {
                switch element.localName {
                case "text", "code": text += element.stringValue ?? ""; continue
                case "html_inline": text += element.stringValue == "<br>" ? "\n" : "<?>"; continue
                case "softbreak", "linebreak": text += "\n"; continue
                default: break
                }
            }
            stack.append(contentsOf: (next.children ?? []).reversed())
        }
        return text
    }

    @Test func markdownTablesKeepTheirShapeWithHostileText() throws {
        let reporter = MarkdownReporter(relativePath: { $0 }, helpURI: { "https://example.com/rules/\($0).md" })
        let markdown = reporter.render(try Self.hostileReport(findings: 2))
        #expect(!markdown.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }, "no raw control character")
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("|") }.map(String.init)
        #expect(rows.count == 3 + 4, "counts: header, delimiter, one rule; findings: header, delimiter, two rows")
        #expect(rows.allSatisfy { $0.hasSuffix(" |") })
        #expect(rows.prefix(3).allSatisfy { Self.markdownCells($0).count == 2 })
        #expect(rows.dropFirst(3).allSatisfy { Self.markdownCells($0).count == 5 }, "\(rows)")
        #expect(rows[3] == "| file:line | severity | rule | message | details |")
        // The run's evidence, once, under the heading.
        #expect(markdown.hasPrefix("## granted-lint\n\n> **Note:** \(MarkdownReporter.cell(Self.hostileEvidence)).\n\n"), "\(markdown)")
        #expect(markdown.components(separatedBy: "**Note:**").count == 2)
        #expect(rows[2] == "| [deprecated-should-show-alert](https://example.com/rules/deprecated-should-show-alert.md) | 2 |")
        #expect(markdown.contains("could not be analysed"))
        #expect(markdown.contains("bin\u{FFFD}ary.ts: it contains NUL bytes \\<\u{FFFD}\\>, so it is not a text file"))

        guard let cmark = Self.cmarkGFM else {
            Issue.record("cmark-gfm not found: install it (scripts/test-deps.sh) to render the Markdown report")
            return
        }
        let rendered = try Self.runTool(cmark, ["--extension", "table", "--to", "xml"], on: markdown)
        #expect(rendered.status == 0)
        let document = try Self.parseXML(rendered.output)
        let root = try #require(document.rootElement())
        let tables = Self.elements("table", in: root)
        #expect(tables.count == 2)
        let quote = try #require(Self.elements("block_quote", in: root).first, "the evidence note is a block quote")
        // Code spans stay code (issue 39); the rest is shown as written.
        #expect(Self.renderedText(quote) == "Note: " + Self.hostileEvidence.replacingOccurrences(of: "`", with: "") + ".")
        #expect(Self.elements("strong", in: quote).count == 1 && Self.elements("code", in: quote).map { $0.stringValue ?? "" } == ["x"]
            && Self.elements("html_inline", in: quote).isEmpty)
        for (table, columns) in zip(tables, [2, 5]) {
            let tableRows = Self.elements("table_header", in: table) + Self.elements("table_row", in: table)
            #expect(tableRows.count == (columns == 2 ? 2 : 3))
            for row in tableRows { #expect(Self.elements("table_cell", in: row).count == columns) }
        }
        let findingRow = try #require(Self.elements("table_row", in: tables[1]).first)
        let cells = Self.elements("table_cell", in: findingRow)
        // What a reader sees: the path and message as they are, line breaks as <br>, other controls as U+FFFD.
        let expectedPath = "src/we|ird`<&>\"'\u{FFFD}\u{FFFD}\u{FFFD} name.ts:1"
        let expectedMessage = "a | b c <d/> & \"e\" ]]> *f* _g_ [h](i) \\| $j$ \u{FFFD}\u{FFFD}[31m\u{FFFD}\nline two\nthree\nfour tab \u{FFFD}\u{FFFD} end"
        #expect(Self.renderedText(cells[0]) == expectedPath)
        #expect(Self.renderedText(cells[1]) == "error")
        // (FoundationXML's attribute(forName:) misses attributes in a default namespace.)
        let link = Self.elements("link", in: cells[2]).first
        #expect(link?.attributes?.first { $0.localName == "destination" }?.stringValue == "https://example.com/rules/deprecated-should-show-alert.md")
        #expect(Self.renderedText(cells[3]) == expectedMessage)
        #expect(Self.elements("code", in: cells[3]).map { $0.stringValue ?? "" } == ["c"], "the message's code span is code")
        for markup in ["emph", "strong", "link", "image", "strikethrough"] {
            #expect(Self.elements(markup, in: cells[3]).isEmpty, "no \(markup) made from the message")
        }
        // The details: each note and the help line on a line of its own, as written.
        let expectedDetails = "note: why | x <y/> & *z* \u{FFFD}\nnext ]]>\nnote: plain\nhelp: write w [v](u) _t_ ~~s~~ <br> \\| end"
        #expect(Self.renderedText(cells[4]) == expectedDetails)
        #expect(Self.elements("code", in: cells[4]).map { $0.stringValue ?? "" } == ["x", "w"])
        for markup in ["emph", "strong", "link", "image", "strikethrough"] {
            #expect(Self.elements(markup, in: cells[4]).isEmpty, "no \(markup) made from the notes or help")
        }
    }

    /// Issue 39: the job summary's code spans render as code, a `|` in one does not split the
    /// cell, a lone backtick stays a backtick, and on GitHub Actions each file:line links to its line.
    @Test func markdownCodeSpansStayCodeAndLocationsLinkToTheCommit() throws {
        #expect(MarkdownReporter.cell("`existingStatus !== 'granted'` rejects") == "`existingStatus !== 'granted'` rejects")
        #expect(MarkdownReporter.cell("`a || b` and `c`") == "`a \\|\\| b` and `c`")
        #expect(MarkdownReporter.cell("a lone ` tick") == "a lone \\` tick")
        #expect(MarkdownReporter.cell("``a`b``") == "``a`b``")
        let link = try #require(MarkdownReporter.gitHubSourceLink(environment: [
            "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "owner/app", "GITHUB_SHA": "0123abc",
        ]))
        #expect(link("src/push notifications.ts", 7) == "https://github.com/owner/app/blob/0123abc/src/push%20notifications.ts#L7")
        #expect(link("/elsewhere/x.ts", 1) == nil)
        #expect(MarkdownReporter.gitHubSourceLink(environment: ["GITHUB_SHA": "x"]) == nil)
        var reporter = MarkdownReporter(relativePath: { $0 })
        reporter.sourceLink = link
        let markdown = reporter.render(try Self.hostileReport())
        guard let cmark = Self.cmarkGFM else {
            Issue.record("cmark-gfm not found: install it (scripts/test-deps.sh) to render the Markdown report")
            return
        }
        let rendered = try Self.runTool(cmark, ["--extension", "table", "--to", "xml"], on: markdown)
        let root = try #require(try Self.parseXML(rendered.output).rootElement())
        let row = try #require(Self.elements("table_row", in: Self.elements("table", in: root)[1]).first)
        let cells = Self.elements("table_cell", in: row)
        #expect(cells.count == 5)
        let destination = Self.elements("link", in: cells[0]).first?.attributes?.first { $0.localName == "destination" }?.stringValue
        #expect(destination?.hasPrefix("https://github.com/owner/app/blob/0123abc/src/we%7Cird") == true && destination?.hasSuffix("#L1") == true, "\(destination ?? "no link")")
    }

    @Test func markdownSaysWhenARunIsCleanAndListsAtMostTheLimit() throws {
        let clean = MarkdownReporter(relativePath: { $0 }).render(LintReport(results: [], problems: []))
        #expect(clean == "## granted-lint\n\nNo problems found (0 files checked).\n")
        let many = MarkdownReporter(relativePath: { $0 }).render(try Self.hostileReport(findings: MarkdownReporter.maximumListedFindings + 3))
        #expect(many.contains("| \(MarkdownReporter.maximumListedFindings + 3) |"), "the counts cover every finding")
        #expect(many.contains("3 more findings not listed; see the full report."))
        #expect(many.split(separator: "\n").filter { $0.hasPrefix("| src/") }.count == MarkdownReporter.maximumListedFindings)
    }

    @Test func formatOptionNamesTheNewFormats() throws {
        let bad = Self.run(["--format", "xml", "."], in: try Self.temporaryDirectory())
        #expect(bad.status == 2)
        #expect(bad.errors.contains("--format takes text, concise, json, sarif, github, gitlab, junit, checkstyle, markdown (got 'xml')"), "\(bad.errors)")
        let help = Self.run(["--help"]).output
        for name in ["concise", "gitlab", "junit", "checkstyle", "markdown"] { #expect(help.contains(name)) }
        // The inventory has no concise layout.
        let inventory = Self.run(["inventory", "--format", "concise", "."], in: try Self.temporaryDirectory())
        #expect(inventory.status == 2 && inventory.errors.contains("--format takes text, json, markdown (got 'concise')"), "\(inventory.errors)")
    }
}
