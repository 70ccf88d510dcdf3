import Foundation
import GrantedCLI
import Testing
import TestSupport

/// The command line as a user runs it: paths, output, exit codes and error messages.
@Suite(.serialized)
struct CLITests {
    struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    static func run(_ arguments: [String], in directory: URL? = nil, terminal: Bool = false) -> Run {
        var output = ""
        var errors = ""
        let previous = FileManager.default.currentDirectoryPath
        if let directory { _ = FileManager.default.changeCurrentDirectoryPath(directory.path) }
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let status = GrantedCLI.run(
            arguments, standardOutput: { output += $0 }, standardError: { errors += $0 }, isTerminal: terminal
        )
        return Run(status: status, output: output, errors: errors)
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("granted-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, to relative: String, in directory: URL) throws {
        let url = directory.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    static let handler = """
    import * as Notifications from 'expo-notifications';

    Notifications.setNotificationHandler({
      handleNotification: async () => ({
        shouldShowAlert: true,
        shouldPlaySound: false,
        shouldSetBadge: false,
      }),
    });

    """

    /// The default report, in the style of rustc: a header `severity[rule]: message`, the location,
    /// the code frame with the range underlined, the notes, the help line, and the fix as a diff.
    @Test func reportsAFindingWithPositionCaretAndRuleId() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(Self.handler, to: "src/handler.ts", in: directory)
        let run = Self.run(["src"], in: directory)
        #expect(run.status == 1)
        // The notes and help line are the finding's own (as JSON gives them).
        let json = try #require(try JSONSerialization.jsonObject(with: Data(Self.run(["--format", "json", "src"], in: directory).output.utf8)) as? [String: Any])
        let finding = try #require((json["findings"] as? [[String: Any]])?.first)
        let notes = try #require(finding["notes"] as? [String])
        let help = try #require(finding["help"] as? String)
        let fixTitle = try #require((finding["fix"] as? [String: Any])?["title"] as? String)
        #expect(!notes.isEmpty && !help.isEmpty)
        let expected = """
        warning[deprecated-should-show-alert]: `shouldShowAlert` is deprecated since expo-notifications SDK 53
         --> src/handler.ts:5:5
          |
        5 |     shouldShowAlert: true,
          |     ^^^^^^^^^^^^^^^
          |

        """ + notes.map { "  = note: \($0)\n" }.joined() + """
          = help: \(help)
          = fix: \(fixTitle)
        5 -     shouldShowAlert: true,
        5 +     shouldShowBanner: true,
        6 +     shouldShowList: true,


        """
        #expect(run.output.hasPrefix(expected), "expected:\n\(expected)\ngot:\n\(run.output)")
        #expect(run.output.hasSuffix("1 problem (0 errors, 1 warning) in 1 file (1 checked).\n1 fixable with --fix.\n"), "\(run.output)")
        #expect(!run.output.contains("note: no permission request"), "no provisional-blind finding, so no word on the evidence")
        #expect(!run.output.contains("\u{1B}["), "no colour when not writing to a terminal")
    }

    /// `--format concise`: one line a finding, `path:line:column: severity: message [rule]`, then the
    /// summary — no code frames, notes, help or diffs.
    @Test func conciseFormatPrintsOneLineAFindingAndTheSummary() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(Self.handler, to: "src/handler.ts", in: directory)
        try Self.write(Self.blindCheck, to: "src/check.ts", in: directory)
        let run = Self.run(["--format", "concise", "src"], in: directory)
        #expect(run.status == 1)
        #expect(run.output == """
        note: no permission request in this project asks for provisional authorization, so the provisional-blind checks below are latent (one level lower) until one does.

        src/check.ts:5:10: warning: `status === 'granted'` rejects provisionally authorized iOS devices [provisional-blind-check]
        src/handler.ts:5:5: warning: `shouldShowAlert` is deprecated since expo-notifications SDK 53 [deprecated-should-show-alert]

        2 problems (0 errors, 2 warnings) in 2 files (2 checked).
        1 fixable with --fix; 1 more with --fix-unsafe (review the diff: --fix-dry-run).

        """, "\(run.output)")
        // The same findings as the full report, each on one line.
        let full = TextReportFinding.parse(Self.run(["src"], in: directory).output)
        let lines = run.output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("src/") }
        #expect(full.map(\.description) == lines, "\(full)")
        #expect(!run.output.contains(" --> ") && !run.output.contains("= note:") && !run.output.contains("= help:") && !run.output.contains(" | "))
        // Clean: the summary alone.
        try Self.write("export const x = 1;\n", to: "clean/a.ts", in: directory)
        #expect(Self.run(["--format", "concise", "clean"], in: directory).output == "No problems found (1 file checked).\n")
        // Colour on a terminal, as the full report.
        let coloured = Self.run(["--format", "concise", "src"], in: directory, terminal: true)
        if ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) != false {
            #expect(coloured.output.contains("\u{1B}["))
        }
    }

    @Test func colourOnlyOnATerminal() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(Self.handler, to: "a.ts", in: directory)
        let run = Self.run(["a.ts"], in: directory, terminal: true)
        if ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) != false {
            #expect(run.output.contains("\u{1B}["))
        } else {
            #expect(!run.output.contains("\u{1B}["))
        }
    }

    @Test func cleanDirectoryExitsZero() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write("export const x = 1;\n", to: "a.ts", in: directory)
        try Self.write(Self.handler.replacingOccurrences(of: "shouldShowAlert: true,", with: "shouldShowBanner: true,\n    shouldShowList: true,"), to: "b.tsx", in: directory)
        let run = Self.run(["."], in: directory)
        #expect(run.status == 0)
        #expect(run.output.contains("No problems found (2 files checked)."))
    }

    @Test func missingPathExitsTwoAndNamesIt() {
        let run = Self.run(["/definitely/not/here.ts"])
        #expect(run.status == 2)
        #expect(run.errors.contains("/definitely/not/here.ts: no such file or directory"))
    }

    @Test func anotherLibrarysHandlerIsNotReported() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(Self.handler.replacingOccurrences(of: "import * as Notifications from 'expo-notifications';", with: "import * as Notifications from './notifications';\n// not expo-notifications"), to: "a.ts", in: directory)
        #expect(Self.run(["a.ts"], in: directory).status == 0)
    }

    @Test func binaryAndUnreadableFilesAreNamedAndTheRestIsLinted() throws {
        let directory = try Self.temporaryDirectory()
        try Data([0x63, 0x6F, 0x00, 0x01, 0x02]).write(to: directory.appendingPathComponent("blob.ts"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("dir.ts"), withIntermediateDirectories: true)
        try Self.write(Self.handler, to: "handler.ts", in: directory)
        let run = Self.run(["--format", "concise", "blob.ts", "dir.ts", "handler.ts"], in: directory)
        #expect(run.status == 2)
        #expect(run.errors.contains("blob.ts: it contains NUL bytes"))
        #expect(run.output.contains("handler.ts:5:5: warning: `shouldShowAlert` is deprecated since expo-notifications SDK 53 [deprecated-should-show-alert]"), "\(run.output)")
    }

    @Test func syntaxErrorsAreReportedAndTheFileIsStillChecked() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(Self.handler + "\nconst broken = ;\n", to: "a.ts", in: directory)
        let run = Self.run(["a.ts"], in: directory)
        #expect(run.status == 1, "the handler's warning fails the run, the syntax error does not")
        #expect(!run.output.contains("Syntax error") && !run.output.contains("[syntax-error]"))
        #expect(run.output.contains("1 file could only be parsed with error recovery"))
        #expect(run.output.contains("  a.ts: could only be parsed with error recovery at 11:14"))
        #expect(run.output.contains("[deprecated-should-show-alert]"))
        let strict = Self.run(["--strict-syntax", "--fail-on", "error", "--format", "concise", "a.ts"], in: directory)
        #expect(strict.status == 1)
        #expect(strict.output.contains("a.ts:11:14: error: Syntax error: "), "\(strict.output)")
    }

    @Test func directoryWalkSkipsDependenciesExcludesAndOtherExtensions() throws {
        let directory = try Self.temporaryDirectory()
        for path in ["node_modules/lib/index.js", "ios/Pods/x.ts", "dist/bundle.js", "src/gen/api.ts", "notes.md", "src/types.d.ts"] {
            try Self.write(Self.handler, to: path, in: directory)
        }
        try Self.write(Self.handler, to: "src/app.jsx", in: directory)
        let run = Self.run([".", "--exclude", "src/gen/**"], in: directory)
        #expect(run.status == 1)
        #expect(run.output.contains("src/app.jsx:5:5"))
        #expect(run.output.contains("in 1 file (1 checked)"), "\(run.output)")
    }

    @Test func gitignoreIsRespectedInsideAWorkTree() throws {
        let directory = try Self.temporaryDirectory()
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "init", "-q", directory.path]
        try git.run()
        git.waitUntilExit()
        try Self.write("generated/\n", to: ".gitignore", in: directory)
        try Self.write(Self.handler, to: "generated/out.ts", in: directory)
        try Self.write(Self.handler, to: "src/a.ts", in: directory)
        let run = Self.run(["."], in: directory)
        #expect(run.output.contains("src/a.ts:5:5"))
        #expect(!run.output.contains("generated/out.ts"))
        // A file named explicitly is linted even when ignored.
        #expect(Self.run(["generated/out.ts"], in: directory).output.contains("generated/out.ts:5:5"))
    }

    @Test func helpVersionAndRuleList() {
        let help = Self.run(["--help"])
        #expect(help.status == 0 && help.output.contains("Usage: granted-lint"))
        let version = Self.run(["--version"])
        #expect(version.status == 0 && version.output == BuildInfo.versionLine + "\n")
        #expect(version.output.hasPrefix("granted-lint \(GrantedCLI.version) (development build, grammar "))
        let list = Self.run(["--list-rules"])
        #expect(list.status == 0)
        let line = list.output.split(separator: "\n").first { $0.hasPrefix("deprecated-should-show-alert ") }
        #expect(line?.contains(" warning ") == true)
    }

    @Test func badFlagsAreUsageErrors() {
        for arguments in [["--bogus"], ["--exclude"], ["--fail-on", "fatal"], ["--max-file-size", "lots"]] {
            let run = Self.run(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.errors.hasPrefix("granted-lint: "), "\(arguments)")
        }
    }

    @Test func failOnErrorLetsWarningsPass() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(Self.handler, to: "a.ts", in: directory)
        #expect(Self.run(["--fail-on", "error", "a.ts"], in: directory).status == 0)
        #expect(Self.run(["--fail-on=note", "a.ts"], in: directory).status == 1)
    }

    @Test func oversizedFilesAreSkippedWithAMessage() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(Self.handler, to: "a.ts", in: directory)
        let run = Self.run(["--max-file-size", "100", "a.ts"], in: directory)
        #expect(run.status == 2)
        #expect(run.errors.contains("a.ts: "))
        #expect(run.errors.contains("more than the limit of 100"))
    }
}
