import Foundation
import Testing
import TestSupport

/// `granted-lint lsp` as editors run it: the built binary driven by pygls's language client (the
/// Python scenarios in Tests/LanguageServer/scenarios.py, one test per group so that a failure names
/// its area), and once end to end by Neovim's built-in LSP client.
@Suite(.serialized)
struct LanguageServerTests {
    static let root = TestSupport.packageRoot
    static let scenarios = root.appendingPathComponent("Tests/LanguageServer")
    /// The executable built with the tests (next to the test bundle).
    static let binary = TestSupport.builtExecutable
    /// Debian's, or Homebrew's (/usr/local on Intel Macs, /opt/homebrew on Apple silicon).
    static let nvim = ["/usr/bin/nvim", "/usr/local/bin/nvim", "/opt/homebrew/bin/nvim"].first { FileManager.default.isExecutableFile(atPath: $0) }

    struct Output {
        let status: Int32
        let text: String
    }

    /// Runs a command under coreutils' `timeout` (a hung server fails the test instead of the suite),
    /// standard error merged into the output.
    static func run(_ command: [String], in directory: URL, environment: [String: String] = [:], seconds: Int) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["timeout", "-k", "10", String(seconds)] + command
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        return Output(status: process.terminationStatus, text: process.terminationStatus == 124 ? "timed out after \(seconds) s\n" + text : text)
    }

    /// The built binary, or nil after recording why there is none.
    static func builtBinary() -> URL? {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            Issue.record("the granted-lint executable is not built at \(binary.path)")
            return nil
        }
        return binary
    }

    /// The .venv python with pygls, pinned in Tests/LanguageServer/requirements.txt (scripts/python-env.sh).
    static func python() throws -> String? {
        let requirements = try String(contentsOf: scenarios.appendingPathComponent("requirements.txt"), encoding: .utf8)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let setup = try run(["bash", root.appendingPathComponent("scripts/python-env.sh").path] + requirements, in: root, seconds: 600)
        guard setup.status == 0, let path = setup.text.split(separator: "\n").last.map(String.init), path.hasSuffix("/python") else {
            Issue.record("scripts/python-env.sh failed:\n\(setup.text)")
            return nil
        }
        return path
    }

    /// Runs one group (a class) of Tests/LanguageServer/scenarios.py; its unittest report is the message.
    static func scenarioGroup(_ group: String) throws {
        guard let binary = builtBinary(), let python = try python() else { return }
        let run = try run([python, "-m", "unittest", "-v", "scenarios.\(group)"], in: scenarios,
                          environment: ["GRANTED_LINT_BINARY": binary.path, "PYTHONDONTWRITEBYTECODE": "1"], seconds: 900)
        #expect(run.status == 0, "language-server scenarios \(group):\n\(run.text)")
    }

    @Test func lifecycle() throws { try Self.scenarioGroup("Lifecycle") }
    @Test func pushDiagnostics() throws { try Self.scenarioGroup("PushDiagnostics") }
    @Test func pullDiagnostics() throws { try Self.scenarioGroup("PullDiagnostics") }
    @Test func codeActions() throws { try Self.scenarioGroup("CodeActions") }
    @Test func hoverAndCommands() throws { try Self.scenarioGroup("HoverAndCommands") }
    @Test func configuration() throws { try Self.scenarioGroup("Configuration") }
    @Test func crossFile() throws { try Self.scenarioGroup("CrossFile") }
    @Test func workspaceFolders() throws { try Self.scenarioGroup("WorkspaceFolders") }
    @Test func badInput() throws { try Self.scenarioGroup("BadInput") }
    @Test func evidence() throws { try Self.scenarioGroup("Evidence") }

    // MARK: Neovim

    /// A diagnostic reduced to what both sides know: rule, 0-based range (UTF-16 columns, the
    /// example file is ASCII so Neovim's byte columns are the same), LSP severity, message.
    struct Shown: Hashable, Comparable, CustomStringConvertible {
        let rule: String
        let line: Int, column: Int, endLine: Int, endColumn: Int
        let severity: Int
        let message: String

        static func < (a: Shown, b: Shown) -> Bool {
            (a.line, a.column, a.rule) < (b.line, b.column, b.rule)
        }

        var description: String { "\(rule)@\(line):\(column)-\(endLine):\(endColumn)/\(severity)" }

        func movedDown(_ lines: Int) -> Shown {
            Shown(rule: rule, line: line + lines, column: column, endLine: endLine + lines, endColumn: endColumn, severity: severity, message: message)
        }
    }

    /// What Neovim showed for the example app's registration file, and what the command line reports
    /// for it. With `initFile`, Neovim runs that init file (a set-up from docs/editors.md, which
    /// starts the server on FileType, with granted-lint found on the PATH); without, nvim_e2e.lua
    /// starts the client itself.
    /// With `repair`, Neovim also applies the provisional-blind-check repair (nvim_e2e.lua says how).
    static func neovimAndCommandLine(initFile: String? = nil, repair: Bool = false) throws -> (shown: [String: Any], expected: [Shown])? {
        guard let binary = builtBinary(), let nvim = nvim else { return nil }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("granted-lint-nvim-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let project = scratch.appendingPathComponent("app")
        let bin = scratch.appendingPathComponent("bin")
        let result = scratch.appendingPathComponent("result.json")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("granted-lint"), withDestinationURL: binary)
        try FileManager.default.copyItem(at: root.appendingPathComponent("TestCorpus/example-app"), to: project)
        let file = "src/notifications/registerForPushNotifications.ts"

        let cli = try run([binary.path, "--format", "json", file], in: project, seconds: 120)
        #expect(cli.status == 1, "\(cli.text)")
        let report = try JSONSerialization.jsonObject(with: Data(cli.text.utf8)) as? [String: Any]
        let severity = ["error": 1, "warning": 2, "note": 3]
        let expected = (report?["findings"] as? [[String: Any]] ?? []).map { finding in
            Shown(rule: finding["rule"] as? String ?? "?",
                  line: (finding["line"] as? Int ?? 0) - 1, column: (finding["column"] as? Int ?? 0) - 1,
                  endLine: (finding["endLine"] as? Int ?? 0) - 1, endColumn: (finding["endColumn"] as? Int ?? 0) - 1,
                  severity: severity[finding["severity"] as? String ?? ""] ?? 0, message: finding["message"] as? String ?? "")
        }.sorted()
        #expect(expected.count >= 3, "the example file should have several findings: \(cli.text)")

        var arguments = [nvim, "--headless", "-n", "-i", "NONE"]
        var environment = [
            "GRANTED_LINT_BINARY": binary.path, "GRANTED_NVIM_ROOT": project.path,
            "GRANTED_NVIM_FILE": project.appendingPathComponent(file).path, "GRANTED_NVIM_OUT": result.path,
        ]
        if repair { environment["GRANTED_NVIM_REPAIR"] = "1" }
        if let initFile {
            let path = scratch.appendingPathComponent("init.lua")
            try Data(initFile.utf8).write(to: path)
            arguments += ["-u", path.path]
            environment["GRANTED_NVIM_ATTACHED"] = "1"
            environment["PATH"] = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        } else {
            arguments.append("--clean")
        }
        arguments += ["-c", "luafile " + scenarios.appendingPathComponent("nvim_e2e.lua").path]
        let run = try run(arguments, in: project, environment: environment, seconds: 180)
        guard let data = FileManager.default.contents(atPath: result.path),
              let shown = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            Issue.record("Neovim wrote no result (exit \(run.status)):\n\(run.text)")
            return nil
        }
        #expect(run.status == 0 && shown["error"] == nil, "Neovim \(shown["nvim"] ?? "?"): \(shown["error"] ?? "") \(run.text)")
        let original = try String(contentsOf: root.appendingPathComponent("TestCorpus/example-app").appendingPathComponent(file), encoding: .utf8)
        #expect(try String(contentsOf: project.appendingPathComponent(file), encoding: .utf8) == original, "the editor saved nothing")
        return (shown, expected)
    }

    static func diagnostics(_ key: String, in shown: [String: Any]) -> [Shown] {
        (shown[key] as? [[String: Any]] ?? []).map { item in
            #expect(item["source"] as? String == "granted-lint")
            return Shown(rule: item["code"] as? String ?? "?",
                         line: item["lnum"] as? Int ?? -1, column: item["col"] as? Int ?? -1,
                         endLine: item["end_lnum"] as? Int ?? -1, endColumn: item["end_col"] as? Int ?? -1,
                         severity: item["severity"] as? Int ?? 0, message: item["message"] as? String ?? "")
        }.sorted()
    }

    @Test(.enabled(if: LanguageServerTests.nvim != nil, "Neovim is not installed (scripts/test-deps.sh installs it); the editor test did not run"))
    func neovimShowsWhatTheCommandLineReports() throws {
        guard let (shown, expected) = try Self.neovimAndCommandLine(repair: true) else { return }
        let opened = Self.diagnostics("opened", in: shown)
        let edited = Self.diagnostics("edited", in: shown)
        #expect(opened == expected, "Neovim \(shown["nvim"] ?? "?") showed \(opened), the command line reports \(expected)")
        #expect(edited == expected.map { $0.movedDown(1) }, "after inserting a line at the top: \(edited)")
        #expect(shown["exit_code"] as? Int == 0, "the server's exit code after Neovim stopped it: \(shown["exit_code"] ?? "none")")
        // The repair, in the editor: the hover shows the finding's parts, the quick fix clears every
        // provisional-blind check of the file and leaves the others.
        let hover = shown["hover"] as? String ?? ""
        #expect(hover.contains("*note:* a provisionally authorized iOS device reads"), "hover: \(hover)")
        #expect(hover.contains("*help:* also accept `ios?.status === IosAuthorizationStatus.PROVISIONAL`"), "hover: \(hover)")
        #expect(shown["repair_title"] as? String == "Accept provisionally and ephemerally authorized devices (unsafe)")
        let repaired = Self.diagnostics("repaired", in: shown)
        #expect(!repaired.contains { $0.rule == "provisional-blind-check" }, "after the repair: \(repaired)")
        #expect(repaired.contains { $0.rule == "request-when-denied" }, "the request's own finding stays: \(repaired)")
        let text = shown["repaired_text"] as? String ?? ""
        #expect(text.contains("IosAuthorizationStatus.PROVISIONAL") && text.contains("IosAuthorizationStatus.EPHEMERAL"), "\(text)")
    }

    /// The Neovim 0.7 set-up of docs/editors.md, as written there (the Neovim Debian 12 ships).
    @Test(.enabled(if: LanguageServerTests.nvim != nil, "Neovim is not installed (scripts/test-deps.sh installs it); the editor test did not run"))
    func theDocumentedNeovim07SetUpWorks() throws {
        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/editors.md"), encoding: .utf8)
        guard let heading = guide.range(of: "### Neovim 0.7"),
              let open = guide.range(of: "```lua\n", range: heading.upperBound..<guide.endIndex),
              let close = guide.range(of: "\n```", range: open.upperBound..<guide.endIndex) else {
            Issue.record("docs/editors.md has no Lua block under a \"### Neovim 0.7\" heading")
            return
        }
        let setUp = String(guide[open.upperBound..<close.lowerBound])
        guard let (shown, expected) = try Self.neovimAndCommandLine(initFile: setUp + "\n") else { return }
        #expect(Self.diagnostics("opened", in: shown) == expected, "Neovim \(shown["nvim"] ?? "?") with the documented set-up")
        #expect(Self.diagnostics("edited", in: shown) == expected.map { $0.movedDown(1) })
    }
}
