import GrantedDiscovery
import Foundation
import GrantedLinter
import GrantedSemantics
import GrantedWorkspace
import GrantedRules
import GrantedSyntax
import Testing
import TestSupport

/// The engine's workspace as a long-running front end (the language server) uses it: buffers that
/// differ from the disk, incremental parsing, and an index that forgets one changed file.
struct WorkspaceTests {
    static let catalog = RuleCatalog(rules: BuiltinRules.all)

    static func findings(_ result: Result<FileResult, FileProblem>) -> [String] {
        guard case let .success(file) = result else { return ["problem"] }
        return file.diagnostics.map { "\($0.ruleId)@\($0.range) \($0.message)" }
    }

    /// A deterministic generator, so that a failure can be replayed.
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
    }

    /// Edit after edit, the incremental parse (the previous text's tree reused) gives exactly the
    /// findings of a fresh lint of the same text.
    @Test func incrementalParsingGivesTheFindingsOfAFreshParse() throws {
        let files = TestSupport.sourceFiles(under: TestSupport.packageRoot.appendingPathComponent("TestCorpus/rules"))
        #expect(files.count > 20)
        var random = Random(state: 20261201)
        var compared = 0
        var edits = 0
        for url in files.prefix(60) {
            let workspace = try Workspace(catalog: Self.catalog, root: "/")
            let configuration = Configuration(path: nil, baseDirectory: "/")
            let fresh = Linter(rules: Self.catalog.configuredRules(for: configuration), knownRuleIds: Self.catalog.knownRuleIds)
            var bytes = Array(try Data(contentsOf: url))
            let path = url.path
            for _ in 0..<8 {
                let incremental = workspace.lint(path: path, bytes: bytes, configuration: configuration)
                let expected = fresh.lint(SourceFile(path: path, text: SourceText(bytes: bytes), grammar: Grammar(fileExtension: url.pathExtension) ?? .tsx))
                #expect(Self.findings(incremental) == Self.findings(expected), "\(url.lastPathComponent) after \(edits) edits")
                compared += Self.findings(expected).count
                // Delete a span, or copy one from elsewhere in the file (keeping whole UTF-8 characters).
                guard bytes.count > 2 else { break }
                var start = random.next(bytes.count)
                while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
                var end = min(bytes.count, start + 1 + random.next(40))
                while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
                if random.next(2) == 0 {
                    bytes.removeSubrange(start..<end)
                } else {
                    bytes.insert(contentsOf: Array(bytes[start..<end]), at: random.next(bytes.count))
                }
                edits += 1
            }
        }
        // Not vacuous: findings were compared, across many edits.
        #expect(compared > 100)
        #expect(edits > 300)
    }

    /// A wrapper edited in a buffer (unsaved) changes the findings of the file that imports it, and
    /// the workspace names that file as affected; closing the buffer brings the disk's text back.
    @Test func editingAWrapperInABufferReachesItsImporters() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("granted-lint-workspace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let wrapper = directory.appendingPathComponent("permissions.ts").path
        let screen = directory.appendingPathComponent("register.ts").path
        let wrapperText = "import * as Notifications from 'expo-notifications';\nexport const getPermission = () => Notifications.getPermissionsAsync();\n"
        try wrapperText.write(toFile: wrapper, atomically: true, encoding: .utf8)
        let screenText = "import { getPermission } from './permissions';\nexport async function register() {\n  const { status } = await getPermission();\n  if (status !== 'granted') return;\n}\n"
        try screenText.write(toFile: screen, atomically: true, encoding: .utf8)

        let workspace = try Workspace(catalog: Self.catalog, root: directory.path)
        let configuration = try workspace.configuration(forFile: screen)
        func screenFindings() -> [String] {
            Self.findings(workspace.lint(path: screen, bytes: Array(screenText.utf8), configuration: configuration))
                .map { String($0.prefix { $0 != "@" }) }
        }
        #expect(screenFindings() == ["provisional-blind-check"])

        let unrelated = "export const getPermission = async () => ({ status: 'granted' as const });\n"
        let affected = workspace.setBuffer(Array(unrelated.utf8), forFile: wrapper)
        #expect(affected.contains(absolute(screen)))
        #expect(screenFindings().isEmpty)

        workspace.setBuffer(nil, forFile: wrapper)
        #expect(screenFindings() == ["provisional-blind-check"])
    }

    /// As the language server edits a buffer: an edit that cannot change a finding moves the last
    /// ones; the same text linted after a file it imports changed is analysed again.
    @Test func aQuietEditMovesFindingsUntilAnImportedFileChanges() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("granted-lint-workspace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let wrapper = directory.appendingPathComponent("permissions.ts").path
        let screen = directory.appendingPathComponent("register.ts").path
        try "import * as Notifications from 'expo-notifications';\nexport const getPermission = () => Notifications.getPermissionsAsync();\n"
            .write(toFile: wrapper, atomically: true, encoding: .utf8)
        let screenText = "import { getPermission } from './permissions';\nexport const retries = 1;\nexport async function register() {\n  const { status } = await getPermission();\n  if (status !== 'granted') return;\n}\n"
        try screenText.write(toFile: screen, atomically: true, encoding: .utf8)
        let workspace = try Workspace(catalog: Self.catalog, root: directory.path)
        func lint(_ text: String) -> (findings: [String], reused: Bool) {
            workspace.setBuffer(Array(text.utf8), forFile: screen)
            let linted = workspace.lintDocument(path: screen, bytes: Array(text.utf8))
            guard case let .success(result)? = linted.outcome else { return (["problem"], linted.reusedFindings) }
            return (result.diagnostics.map { "\($0.ruleId)@\($0.range)" }, linted.reusedFindings)
        }
        let first = lint(screenText)
        #expect(first.findings.count == 1 && !first.reused)
        let edited = lint(screenText.replacingOccurrences(of: "retries = 1", with: "retries = 12"))
        #expect(edited.reused)
        let movedBy = first.findings[0].replacingOccurrences(of: "provisional-blind-check@", with: "")
        #expect(edited.findings.count == 1 && edited.findings[0] != first.findings[0], "\(movedBy) moved by one byte")

        // A configuration changed: the linter is new, even when it takes the old one's address.
        for round in 0..<20 {
            try "{ \"rules\": { \"provisional-blind-check\": \"\(round % 2 == 0 ? "off" : "error")\" } }\n"
                .write(toFile: directory.appendingPathComponent(".granted-lint.json").path, atomically: true, encoding: .utf8)
            try workspace.reloadConfigurations()
            let reloaded = lint(screenText.replacingOccurrences(of: "retries = 1", with: "retries = \(round)"))
            #expect(!reloaded.reused && reloaded.findings.count == (round % 2 == 0 ? 0 : 1), "round \(round)")
        }
        try FileManager.default.removeItem(atPath: directory.appendingPathComponent(".granted-lint.json").path)
        try workspace.reloadConfigurations()

        workspace.setBuffer(Array("export const getPermission = async () => ({ status: 'granted' as const });\n".utf8), forFile: wrapper)
        let afterWrapper = lint(screenText.replacingOccurrences(of: "retries = 1", with: "retries = 12"))
        #expect(!afterWrapper.reused)
        #expect(afterWrapper.findings.isEmpty)
    }

    /// A broken configuration file keeps the last one that loaded in force.
    @Test func aBrokenConfigurationKeepsTheLastGoodOne() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("granted-lint-workspace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("a.ts").path
        let configurationPath = directory.appendingPathComponent(".granted-lint.json").path
        try #"{"rules": {"provisional-blind-check": "off"}}"#.write(toFile: configurationPath, atomically: true, encoding: .utf8)
        let workspace = try Workspace(catalog: Self.catalog, root: directory.path)
        let good = workspace.configurationKeepingLastGood(forFile: file)
        #expect(good.error == nil)
        #expect(good.configuration.severity(of: "provisional-blind-check", default: .error) == nil)

        try #"{"rules": {"provisional-blind-check": "of"#.write(toFile: configurationPath, atomically: true, encoding: .utf8)
        try workspace.reloadConfigurations()
        let kept = workspace.configurationKeepingLastGood(forFile: file)
        #expect(kept.error != nil)
        #expect(kept.configuration.severity(of: "provisional-blind-check", default: .error) == nil)
    }
}
