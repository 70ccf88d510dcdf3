import Foundation
import GrantedCLI
import Testing
import TestSupport

/// `granted-lint flows` and the consequence notes, proved by running: every fixture flow of
/// TestCorpus/flows/ keeps its expected table next to its code (expected-flows.json), the Node
/// harness of scripts/flow-proof/ runs the flow's real code against stand-in modules on all eight
/// states and every answer sequence and must give that table, and so must the static evaluation.
/// Part of the serialized CLITests suite: these tests change the working directory.
extension CLITests {
    static let flowsRoot = TestSupport.packageRoot.appendingPathComponent("TestCorpus/flows")
    static let proofScripts = TestSupport.packageRoot.appendingPathComponent("scripts/flow-proof")

    static let flowFixtures: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: flowsRoot.path)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: flowsRoot.appendingPathComponent("\($0)/expected-flows.json").path) }.sorted()
    }()

    /// Node on the PATH (Debian's nodejs, installed by `make test`).
    static let node: String? = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
        .map { "\($0)/node" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs a program and returns its exit status and standard output (standard error appended).
    static func runProgram(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        // Standard error goes to a file: two pipes read one after the other can fill and block.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("granted-lint-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errors = try FileHandle(forWritingTo: errorFile)
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errors.close()
        let errorData = (try? Data(contentsOf: errorFile)) ?? Data()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self) + String(decoding: errorData, as: UTF8.self))
    }

    /// compare.js EXPECTED ACTUAL: the paths of every state as sets of outcomes.
    static func compareFlows(expected: URL, actual: String) throws -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("granted-lint-flows-\(UUID().uuidString).json")
        try Data(actual.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try runProgram(node!, [proofScripts.appendingPathComponent("compare.js").path, expected.path, file.path])
    }

    @Test func everyFlowFixtureHasAnExpectedTable() {
        // The issue's list: each kind of flow is a fixture of its own.
        for name in [
            "copied-snippet", "register-mode", "provisional-first-onboarding", "reminder-gate", "settings-screen", "then-chains", "redux-saga",
            "hook", "cross-file-wrapper", "firebase", "notifee", "react-native-permissions", "device-independent-condition", "try-catch",
            "android-channel",
        ] {
            #expect(Self.flowFixtures.contains(name), "TestCorpus/flows/\(name)/expected-flows.json")
        }
    }

    @Test(arguments: flowFixtures)
    func theEvaluationGivesEachFixtureItsExpectedTable(_ name: String) throws {
        let directory = Self.flowsRoot.appendingPathComponent(name)
        let run = Self.run(["flows", "--format", "json", "."], in: directory)
        #expect(run.status == 0, "\(run.errors)")
        guard Self.node != nil else {
            Issue.record("node is not installed (Debian's nodejs; `make test` installs it)")
            return
        }
        let comparison = try Self.compareFlows(expected: directory.appendingPathComponent("expected-flows.json"), actual: run.output)
        #expect(comparison.status == 0, "granted-lint flows differs from \(name)/expected-flows.json:\n\(comparison.output)")
    }

    @Test(arguments: flowFixtures)
    func runningEachFixtureUnderNodeGivesItsExpectedTable(_ name: String) throws {
        guard let node = Self.node else {
            Issue.record("node is not installed (Debian's nodejs; `make test` installs it)")
            return
        }
        let directory = Self.flowsRoot.appendingPathComponent(name)
        let run = try Self.runProgram(node, [Self.proofScripts.appendingPathComponent("run.js").path, directory.path])
        #expect(run.status == 0, "\(run.output)")
        let comparison = try Self.compareFlows(expected: directory.appendingPathComponent("expected-flows.json"), actual: run.output)
        #expect(comparison.status == 0, "running \(name) under Node differs from its expected-flows.json:\n\(comparison.output)")
    }

    @Test func theCopiedSnippetsTableSaysWhatAProvisionalDeviceLivesThrough() throws {
        let directory = Self.flowsRoot.appendingPathComponent("copied-snippet")
        let json = Self.run(["flows", "--format", "json", "."], in: directory)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let flows = try #require(root["flows"] as? [[String: Any]])
        let flow = try #require(flows.first { $0["function"] as? String == "registerForPushNotificationsAsync" })
        let states = try #require(flow["states"] as? [String: [[String: Any]]])
        #expect(states.keys.sorted() == [
            "android-denied", "android-granted", "android-not-determined", "ios-authorized", "ios-denied", "ios-ephemeral", "ios-not-determined",
            "ios-provisional",
        ])
        // A provisional device is shown the full dialog; after Don't Allow it gets no token.
        let provisional = try #require(states["ios-provisional"]).filter { ($0["assumes"] as? [String])?.contains("Device.isDevice is false") != true }
        let denied = try #require(provisional.first { ($0["answers"] as? [String]) == ["deny"] })
        #expect((denied["requests"] as? [[String: Any]])?.first?["dialog"] as? Bool == true)
        #expect(denied["token"] is NSNull)
        #expect(!((denied["alerts"] as? [Int]) ?? []).isEmpty)
        let problems = (flow["problems"] as? [[String: Any]])?.compactMap { $0["message"] as? String } ?? []
        #expect(problems.contains { $0.hasPrefix("a deliverable device is shown the full permission dialog") })
        #expect(problems.contains { $0.hasPrefix("a denied device is asked again") })

        let text = Self.run(["flows", "."], in: directory)
        #expect(text.output.contains("iOS, provisional"))
        #expect(text.output.contains("! iOS, provisional: a deliverable device is shown the full permission dialog"))
        let markdown = Self.run(["flows", "--format", "markdown", "."], in: directory)
        #expect(markdown.output.contains("| device | dialog | push token | alerts | returns |"))
        #expect(markdown.output.contains("```mermaid\nflowchart TD"))
    }

    @Test func everyBlindCheckInAFixtureFlowCarriesItsConsequence() throws {
        var checked = 0
        for name in Self.flowFixtures {
            let directory = Self.flowsRoot.appendingPathComponent(name)
            let run = Self.run(["--format", "json", "."], in: directory)
            let root = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
            for finding in root["findings"] as? [[String: Any]] ?? [] where finding["rule"] as? String == "provisional-blind-check" {
                let notes = finding["notes"] as? [String] ?? []
                #expect(notes.contains { $0.hasPrefix("on a provisionally authorized iPhone, `") }, "\(name): \(finding)")
                checked += 1
            }
        }
        #expect(checked >= 10, "only \(checked) provisional-blind-check findings in the flow fixtures")
    }

    @Test func theConsequenceNoteNamesTheDialogTheExitAndTheAuthorizedDevice() throws {
        let directory = Self.flowsRoot.appendingPathComponent("copied-snippet")
        let text = Self.run(["."], in: directory)
        #expect(text.output.contains(
            "on a provisionally authorized iPhone, `registerForPushNotificationsAsync` shows the full permission dialog (line 22); after Allow it gets its push token at line 30; after Don't Allow it shows an alert (line 26) and returns at line 27 without a push token — an authorized iPhone gets its push token at line 30"
        ), "\(text.output)")
        #expect(text.output.contains("on a denied iPhone, `registerForPushNotificationsAsync` requests at line 22, which returns DENIED at once; shows an alert (line 26) and returns at line 27 without a push token"), "\(text.output)")
    }

    @Test func sarifCodeFlowsNameTheDecisionAndTheDialog() throws {
        let directory = Self.flowsRoot.appendingPathComponent("copied-snippet")
        let run = Self.run(["--format", "sarif", "."], in: directory)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let results = try #require(((root["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        let blind = try #require(results.first { $0["ruleId"] as? String == "provisional-blind-check" && $0["codeFlows"] != nil })
        let flow = try #require((blind["codeFlows"] as? [[String: Any]])?.first)
        let locations = try #require(((flow["threadFlows"] as? [[String: Any]])?.first?["locations"]) as? [[String: Any]])
        let messages = locations.compactMap { (($0["location"] as? [String: Any])?["message"] as? [String: Any])?["text"] as? String }
        #expect(messages.contains { $0.contains("`existingStatus !== 'granted'` is true") }, "\(messages)")
        #expect(messages.contains { $0.contains("the full permission dialog shows; the answer is Don't Allow") }, "\(messages)")
        #expect(messages.contains { $0.contains("the flow returns null here") }, "\(messages)")
        // Valid against the SARIF 2.1.0 schema, code flows included.
        #expect(try Self.schemaViolation(run.output) == nil)
        #expect(locations.allSatisfy { (($0["location"] as? [String: Any])?["physicalLocation"] as? [String: Any])?["region"] != nil })
    }

    /// Issue 22's repair, proved the same way: after --fix-unsafe the copied snippet's provisional
    /// device fetches its token with no dialog, in the flow view and when run under Node.
    @Test func theRepairedSnippetFetchesTheProvisionalDevicesTokenWithoutADialog() throws {
        let directory = try Self.temporaryDirectory()
        let source = Self.flowsRoot.appendingPathComponent("copied-snippet")
        for item in try FileManager.default.contentsOfDirectory(atPath: source.path) where item != "expected-flows.json" {
            try FileManager.default.copyItem(at: source.appendingPathComponent(item), to: directory.appendingPathComponent(item))
        }
        let fix = Self.run(["--fix-unsafe", "--format", "concise", "."], in: directory)
        #expect(fix.status <= 1, "\(fix.errors)")
        let evaluated = Self.run(["flows", "--format", "json", "."], in: directory)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(evaluated.output.utf8)) as? [String: Any])
        let flow = try #require((root["flows"] as? [[String: Any]])?.first)
        let provisional = try #require((flow["states"] as? [String: [[String: Any]]])?["ios-provisional"])
        let real = provisional.filter { ($0["assumes"] as? [String])?.contains("Device.isDevice is false") != true }
        #expect(!real.isEmpty && real.allSatisfy { ($0["requests"] as? [Any])?.isEmpty == true && !($0["token"] is NSNull) }, "\(real)")
        guard let node = Self.node else {
            Issue.record("node is not installed")
            return
        }
        let proof = try Self.runProgram(node, [Self.proofScripts.appendingPathComponent("run.js").path, directory.path])
        #expect(proof.status == 0, "\(proof.output)")
        let expected = directory.appendingPathComponent("evaluated.json")
        try Data(evaluated.output.utf8).write(to: expected)
        let comparison = try Self.compareFlows(expected: expected, actual: proof.output)
        #expect(comparison.status == 0, "the repaired snippet run under Node differs from its evaluation:\n\(comparison.output)")
    }

    /// The Mermaid of every fixture flow renders in headless Chromium with Mermaid 11, as GitHub
    /// renders it (scripts/mermaid-check.sh; make test sets GRANTED_LINT_MERMAID_JS).
    @Test func theMermaidOfEveryFixtureFlowRendersInABrowser() throws {
        guard ProcessInfo.processInfo.environment["GRANTED_LINT_MERMAID_JS"] != nil else {
            print("FlowTests: GRANTED_LINT_MERMAID_JS is not set (make test sets it); the browser check is skipped")
            return
        }
        var markdown = ""
        for name in Self.flowFixtures {
            markdown += Self.run(["flows", "--format", "markdown", "."], in: Self.flowsRoot.appendingPathComponent(name)).output + "\n"
        }
        #expect(markdown.components(separatedBy: "```mermaid").count - 1 >= Self.flowFixtures.count)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("granted-lint-flows-\(UUID().uuidString).md")
        try Data(markdown.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let check = try Self.runProgram("/bin/bash", [TestSupport.packageRoot.appendingPathComponent("scripts/mermaid-check.sh").path, file.path])
        #expect(check.status == 0, "\(check.output)")
    }
}
