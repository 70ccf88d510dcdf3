import Foundation
import Testing
import TestSupport

/// The hooks of this repository, run for real: the pre-commit framework (installed from PyPI into
/// .venv) builds the hook from this repository and runs it in a temporary git repository; the plain
/// git hook script runs the binary on the staged content.
@Suite(.serialized)
struct PreCommitTests {
    static let root = TestSupport.packageRoot

    struct Output {
        let status: Int32
        let text: String
    }

    @discardableResult
    static func shell(_ command: [String], in directory: URL, environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.currentDirectoryURL = directory
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, text: String(decoding: data, as: UTF8.self))
    }

    static func newRepository() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("granted-lint-hook-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try shell(["git", "init", "-q"], in: directory)
        try shell(["git", "config", "user.email", "test@example.com"], in: directory)
        try shell(["git", "config", "user.name", "test"], in: directory)
        return directory
    }

    static let blind = """
    import * as Notifications from 'expo-notifications';

    export async function canNotify() {
      const { status } = await Notifications.getPermissionsAsync();
      return status === 'granted';
    }

    """

    static let clean = """
    import * as Notifications from 'expo-notifications';

    export async function canNotify() {
      const settings = await Notifications.getPermissionsAsync();
      return settings.granted || settings.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL;
    }

    """

    /// The hook prints the default (full) report: `blind`'s finding, latent (nothing in the
    /// repository requests provisional authorization), so a warning with a `latent:` note.
    static func expectLatentBlindCheck(in output: String) {
        let findings = TextReportFinding.parse(output)
        #expect(findings.map(\.description) == ["push.ts:5:10: warning: `status === 'granted'` rejects provisionally authorized iOS devices [provisional-blind-check]"],
                "\(output)")
        #expect(findings.first?.notes.contains { $0.hasPrefix("latent: ") } == true, "\(output)")
        #expect(output.contains("note: no permission request in this project asks for provisional authorization"), "\(output)")
    }

    /// The pre-commit framework runs this repository's hooks for real: installed from a commit of
    /// this repository, on a staged file, rejecting a commit and accepting the fixed one. It runs
    /// the `granted-lint-system` hook with the executable built with the tests on the PATH; the
    /// `granted-lint` hook (`language: swift`) differs only in pre-commit building that executable
    /// with `swift build -c release` in its own clone first — a second release build of the whole
    /// package that kept a fresh `make test` over eight minutes — so its entry is checked below
    /// and `pre-commit validate-manifest` checks the manifest.
    @Test func preCommitFrameworkRunsTheHookFromThisRepository() throws {
        let python = try Self.shell(["bash", Self.root.appendingPathComponent("scripts/python-env.sh").path, "pre-commit==4.7.0"], in: Self.root)
        #expect(python.status == 0, "\(python.text)")
        let preCommit = URL(fileURLWithPath: python.text.trimmingCharacters(in: .whitespacesAndNewlines))
            .deletingLastPathComponent().appendingPathComponent("pre-commit").path
        // The hook is built from a commit of this repository: a snapshot of the working tree, new
        // files included, made with a temporary index so that neither HEAD nor the index changes.
        let snapshot = try Self.shell(["bash", "-c", """
            set -e
            index=$(mktemp)
            trap 'rm -f "$index"' EXIT
            export GIT_INDEX_FILE="$index"
            git read-tree HEAD
            git add -A
            tree=$(git write-tree)
            git -c user.name=granted-lint -c user.email=test@example.com commit-tree "$tree" -p HEAD -m snapshot
            """], in: Self.root)
        #expect(snapshot.status == 0, "\(snapshot.text)")
        let rev = snapshot.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let repository = try Self.newRepository()
        try """
        repos:
          - repo: \(Self.root.path)
            rev: \(rev)
            hooks:
              - id: granted-lint-system

        """.write(to: repository.appendingPathComponent(".pre-commit-config.yaml"), atomically: true, encoding: .utf8)
        let bin = TestSupport.builtExecutable.deletingLastPathComponent().path
        let home = [
            "PRE_COMMIT_HOME": Self.root.appendingPathComponent(".build/pre-commit-home").path,
            "PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
        ]
        let install = try Self.shell([preCommit, "install"], in: repository, environment: home)
        #expect(install.status == 0, "\(install.text)")
        try Self.shell(["git", "add", ".pre-commit-config.yaml"], in: repository)

        try Self.blind.write(to: repository.appendingPathComponent("push.ts"), atomically: true, encoding: .utf8)
        try Self.shell(["git", "add", "push.ts"], in: repository)
        let rejected = try Self.shell(["git", "commit", "-q", "-m", "blind check"], in: repository, environment: home)
        #expect(rejected.status != 0, "the commit must be rejected:\n\(rejected.text)")
        Self.expectLatentBlindCheck(in: rejected.text)

        try Self.clean.write(to: repository.appendingPathComponent("push.ts"), atomically: true, encoding: .utf8)
        try Self.shell(["git", "add", "push.ts"], in: repository)
        let accepted = try Self.shell(["git", "commit", "-q", "-m", "provisional-aware"], in: repository, environment: home)
        #expect(accepted.status == 0, "\(accepted.text)")
    }

    /// Both hooks of the manifest: valid for pre-commit, the same entry and files, and the one
    /// that builds from source is the Swift package's own build.
    @Test func theHookManifestIsValidAndBothHooksRunGrantedLint() throws {
        let python = try Self.shell(["bash", Self.root.appendingPathComponent("scripts/python-env.sh").path, "pre-commit==4.7.0"], in: Self.root)
        #expect(python.status == 0, "\(python.text)")
        let preCommit = URL(fileURLWithPath: python.text.trimmingCharacters(in: .whitespacesAndNewlines))
            .deletingLastPathComponent().appendingPathComponent("pre-commit").path
        let manifest = Self.root.appendingPathComponent(".pre-commit-hooks.yaml")
        let validate = try Self.shell([preCommit, "validate-manifest", manifest.path], in: Self.root)
        #expect(validate.status == 0, "\(validate.text)")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let hooks = text.components(separatedBy: "\n- id: ").dropFirst().map { "id: " + $0 }
        #expect(hooks.count == 2)
        for hook in hooks {
            #expect(hook.contains("entry: granted-lint\n"), "\(hook)")
            #expect(hook.contains(#"files: \.(ts|tsx|js|jsx|mts|cts|mjs|cjs)$"#), "\(hook)")
        }
        #expect(hooks.first?.hasPrefix("id: granted-lint\n") == true && hooks.first?.contains("language: swift") == true)
        #expect(hooks.last?.hasPrefix("id: granted-lint-system\n") == true && hooks.last?.contains("language: system") == true)
    }

    @Test func plainGitHookLintsTheStagedContent() throws {
        // `swift test` builds the executable next to the test bundle (calling `swift build` from
        // here would wait forever for the build directory's lock).
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("granted-lint").path
        #expect(FileManager.default.isExecutableFile(atPath: binary), "no granted-lint binary at \(binary)")
        let repository = try Self.newRepository()
        let hook = repository.appendingPathComponent(".git/hooks/pre-commit")
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("scripts/git-pre-commit"), to: hook)
        let environment = ["GRANTED_LINT": binary]

        try Self.blind.write(to: repository.appendingPathComponent("push.ts"), atomically: true, encoding: .utf8)
        try Self.shell(["git", "add", "push.ts"], in: repository)
        // Fixed in the working tree but not staged: the staged content is what gets committed.
        try Self.clean.write(to: repository.appendingPathComponent("push.ts"), atomically: true, encoding: .utf8)
        let rejected = try Self.shell(["git", "commit", "-q", "-m", "blind"], in: repository, environment: environment)
        #expect(rejected.status != 0)
        Self.expectLatentBlindCheck(in: rejected.text)

        try Self.shell(["git", "add", "push.ts"], in: repository)
        let accepted = try Self.shell(["git", "commit", "-q", "-m", "aware"], in: repository, environment: environment)
        #expect(accepted.status == 0, "\(accepted.text)")
    }
}
