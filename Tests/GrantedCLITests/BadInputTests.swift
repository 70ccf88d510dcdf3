import Foundation
@testable import GrantedCLI
import GrantedWorkspace
import Testing
import TestSupport

/// Hostile and unusual input: every case checks the message, the exit code, that the other files are
/// still linted, and that SARIF stays schema-valid with a notification for the bad file.
extension CLITests {
    static let goodFile = """
    import * as Notifications from 'expo-notifications';

    export async function canNotify() {
      const { status } = await Notifications.getPermissionsAsync();
      return status === 'granted';
    }

    """

    /// `goodFile`'s finding at `location` as `--format concise` prints it: latent (nothing in these
    /// directories requests provisional authorization), so a warning instead of an error.
    static func latentBlindCheck(at location: String) -> String {
        "\(location): warning: \(blindCheckMessage) [provisional-blind-check]"
    }

    /// What the run says first when nothing requests provisional authorization.
    static let latentEvidenceNote = "note: no permission request in this project asks for provisional authorization, so the provisional-blind checks below are latent"

    /// Lints the bad file with a good one beside it (`--format concise`) and returns the text run
    /// and the SARIF.
    static func lintBeside(
        _ badName: String, in directory: URL, extra: [String] = []
    ) throws -> (run: Run, sarif: [String: Any], notifications: [String]) {
        try Self.write(Self.goodFile, to: "good.ts", in: directory)
        let run = Self.run(extra + ["--format", "concise", "--sarif-output", "out.sarif", badName, "good.ts"], in: directory)
        #expect(run.output.contains(Self.latentBlindCheck(at: "good.ts:5:10")), "the good file is still linted:\n\(run.output)\n\(run.errors)")
        #expect(run.output.hasPrefix(Self.latentEvidenceNote), "\(run.output)")
        let sarifText = try String(contentsOf: directory.appendingPathComponent("out.sarif"), encoding: .utf8)
        #expect(try Self.schemaViolation(sarifText) == nil)
        let sarif = try Self.checkCodeScanningRequirements(sarifText)
        let invocation = (sarif["invocations"] as? [[String: Any]])?.first ?? [:]
        let notifications = (invocation["toolExecutionNotifications"] as? [[String: Any]] ?? [])
            .compactMap { ($0["message"] as? [String: Any])?["text"] as? String }
        return (run, sarif, notifications)
    }

    static func executionSuccessful(_ sarif: [String: Any]) -> Bool? {
        (sarif["invocations"] as? [[String: Any]])?.first?["executionSuccessful"] as? Bool
    }

    @Test func emptyFileIsAnalysedQuietly() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write("", to: "empty.ts", in: directory)
        let (run, sarif, notifications) = try Self.lintBeside("empty.ts", in: directory)
        #expect(run.status == 1 && run.errors.isEmpty && notifications.isEmpty)
        #expect(run.output.contains("(2 checked)"))
        #expect(Self.executionSuccessful(sarif) == true)
    }

    @Test(arguments: [
        ("binary.ts", [UInt8]([0x7F, 0x45, 0x4C, 0x46, 0x00, 0x01, 0x02, 0x00]), "it contains NUL bytes"),
        ("utf16.ts", [UInt8]([0xFF, 0xFE]) + Array("import x from 'y';".utf8).flatMap { [$0, 0] }, "it is UTF-16 encoded"),
    ])
    func notTextIsReportedAndSkipped(_ name: String, _ bytes: [UInt8], _ reason: String) throws {
        let directory = try Self.temporaryDirectory()
        try Data(bytes).write(to: directory.appendingPathComponent(name))
        let (run, sarif, notifications) = try Self.lintBeside(name, in: directory)
        #expect(run.status == 2)
        #expect(run.errors.contains("granted-lint: \(name): \(reason)"))
        #expect(notifications.contains { $0.hasPrefix("\(name): \(reason)") })
        #expect(Self.executionSuccessful(sarif) == false)
    }

    /// A NUL inside a string, a template or a comment is text (real code uses one as a cache-key
    /// separator): the file is linted like any other, and a NUL in code still makes it binary.
    @Test func aNulInsideALiteralIsText() throws {
        let directory = try Self.temporaryDirectory()
        let code = Array(Self.goodFile.utf8) + Array("const key = `a\u{0}b`;\nconst quoted = 'x\u{0}y'; // \u{0}\n/* \u{0} */\n".utf8)
        try Data(code).write(to: directory.appendingPathComponent("keys.ts"))
        let (run, _, notifications) = try Self.lintBeside("keys.ts", in: directory)
        #expect(run.status == 1 && run.errors.isEmpty && notifications.isEmpty, "\(run.errors)")
        #expect(run.output.contains(Self.latentBlindCheck(at: "keys.ts:5:10")), "\(run.output)")
        #expect(!run.output.contains("error recovery"), "the NULs do not end the parse:\n\(run.output)")

        for (name, text) in [("code.ts", "const a = 1;\u{0}\n"), ("closed.ts", "const a = `x${1}`;\u{0}\n"), ("after-comment.ts", "// x\n\u{0}")] {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
            let binary = Self.run(["--format", "concise", name], in: directory)
            #expect(binary.status == 2 && binary.errors.contains("\(name): it contains NUL bytes"), "\(name): \(binary.errors)")
        }
    }

    @Test func invalidUTF8IsAnalysedWithCorrectPositions() throws {
        let directory = try Self.temporaryDirectory()
        var bytes = Array("// \u{FF}".utf8)
        bytes += [0xC3, 0x28, 0xFF, 0x0A]  // an invalid two-byte sequence and a stray 0xFF
        bytes += Array(Self.goodFile.utf8)
        try Data(bytes).write(to: directory.appendingPathComponent("latin1.ts"))
        let (run, _, notifications) = try Self.lintBeside("latin1.ts", in: directory)
        #expect(run.status == 1 && notifications.isEmpty)
        #expect(run.output.contains(Self.latentBlindCheck(at: "latin1.ts:6:10")), "\(run.output)")
    }

    @Test func byteOrderMarkAndLineEndingsKeepPositions() throws {
        let directory = try Self.temporaryDirectory()
        try Data([0xEF, 0xBB, 0xBF] + Array(Self.goodFile.utf8)).write(to: directory.appendingPathComponent("bom.ts"))
        try Self.write(Self.goodFile.replacingOccurrences(of: "\n", with: "\r\n"), to: "crlf.ts", in: directory)
        try Self.write(Self.goodFile.replacingOccurrences(of: "\n", with: "\r"), to: "cr.ts", in: directory)
        let run = Self.run(["--format", "concise", "bom.ts", "crlf.ts", "cr.ts"], in: directory)
        #expect(run.status == 1)
        for name in ["bom.ts", "crlf.ts", "cr.ts"] { #expect(run.output.contains(Self.latentBlindCheck(at: "\(name):5:10")), "\(name): \(run.output)") }
    }

    @Test func fiveMegabyteSingleLineFile() throws {
        let directory = try Self.temporaryDirectory()
        let filler = String(repeating: "abcdefghij", count: 500_000)
        let line = "import * as N from 'expo-notifications'; const blob = '\(filler)'; export const f = async () => (await N.getPermissionsAsync()).granted;\n"
        try Self.write(line, to: "bundle.js", in: directory)
        let (run, _, notifications) = try Self.lintBeside("bundle.js", in: directory)
        #expect(run.status == 1 && notifications.isEmpty)
        let column = line.utf16.distance(from: line.utf16.startIndex, to: line.range(of: "(await")!.lowerBound.samePosition(in: line.utf16)!) + 1
        #expect(run.output.contains("bundle.js:1:\(column): warning: `(await N.getPermissionsAsync()).granted` is false on provisionally authorized iOS devices [provisional-blind-check]"), "\(run.output.prefix(2_000))")
        // The full report's code frame is a window around the finding, not the whole line, and the
        // caret stays under the finding.
        let full = try #require(TextReportFinding.parse(Self.run(["bundle.js"], in: directory).output).first)
        #expect(full.location == "bundle.js:1:\(column)")
        let frame = try #require(full.lines.firstIndex { $0.hasPrefix("1 | …") }, "\(full.lines.map { $0.prefix(300) })")
        #expect(full.lines[frame].count < 400)
        #expect(full.lines[frame].contains("(await N.getPermissionsAsync()).granted"))
        let caret = full.lines[frame + 1]
        let shown = full.lines[frame]
        #expect(caret.hasPrefix("  | ") && caret.count < 400)
        let caretStart = try #require(caret.firstIndex(of: "^"))
        let offset = caret.distance(from: caret.startIndex, to: caretStart)
        #expect(shown.dropFirst(offset).hasPrefix("(await N.getPermissionsAsync()).granted"), "the caret is under the finding:\n\(shown)\n\(caret)")
    }

    @Test func fileAboveTheSizeLimitIsSkippedWithANote() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(Self.goodFile + String(repeating: "// padding\n", count: 200), to: "large.ts", in: directory)
        let (run, sarif, notifications) = try Self.lintBeside("large.ts", in: directory, extra: ["--max-file-size", "1K"])
        #expect(run.status == 2)
        #expect(run.errors.contains("large.ts: "))
        #expect(run.errors.contains("is more than the limit of 1024"))
        #expect(notifications.contains { $0.hasPrefix("large.ts:") })
        #expect(Self.executionSuccessful(sarif) == false)
    }

    @Test func hundredThousandDeepNestingIsReportedNotCrashed() throws {
        let directory = try Self.temporaryDirectory()
        let depth = 100_000
        let nested = "import * as N from 'expo-notifications';\nconst x = " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            + ";\nconst y = " + String(repeating: "f(", count: depth) + String(repeating: ")", count: depth) + ";\n"
        try Self.write(nested, to: "deep.ts", in: directory)
        let (run, sarif, notifications) = try Self.lintBeside("deep.ts", in: directory)
        #expect(run.status == 2)
        #expect(run.errors.contains("deep.ts: nested more than"))
        #expect(notifications.contains { $0.hasPrefix("deep.ts:") })
        #expect(Self.executionSuccessful(sarif) == false)
    }

    @Test func specialFilesAreNamedWithTheirReason() throws {
        let directory = try Self.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("folder.ts"), withIntermediateDirectories: true)
        #expect(mkfifo(directory.appendingPathComponent("pipe.ts").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("dangling.ts").path, withDestinationPath: "nowhere.ts")
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("loop-a.ts").path, withDestinationPath: "loop-b.ts")
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("loop-b.ts").path, withDestinationPath: "loop-a.ts")
        let expectations = [
            ("pipe.ts", "not a regular file"),
            ("dangling.ts", "symbolic link to nothing"),
            ("loop-a.ts", "symbolic link loop"),
        ]
        // A directory named like a source file is a directory: walked, not read.
        try Self.write(Self.goodFile, to: "folder.ts/inside.ts", in: directory)
        let folder = Self.run(["--format", "concise", "folder.ts"], in: directory)
        #expect(folder.status == 1 && folder.errors.isEmpty)
        #expect(folder.output.contains(Self.latentBlindCheck(at: "folder.ts/inside.ts:5:10")), "\(folder.output)")
        for (name, reason) in expectations {
            let (run, sarif, notifications) = try Self.lintBeside(name, in: directory)
            #expect(run.status == 2, "\(name)")
            #expect(run.errors.contains("granted-lint: \(name): ") && run.errors.lowercased().contains(reason.lowercased()), "\(name): \(run.errors)")
            #expect(notifications.contains { $0.hasPrefix("\(name): ") }, "\(name)")
            #expect(Self.executionSuccessful(sarif) == false)
        }
        // Walking the directory does not hang on the FIFO or loop on the links.
        let walk = Self.run(["."], in: directory)
        #expect(walk.output.contains("good.ts:5:10"))
    }

    @Test func fileDeletedBetweenDiscoveryAndReading() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(Self.goodFile, to: "gone.ts", in: directory)
        let path = directory.appendingPathComponent("gone.ts").path
        try FileManager.default.removeItem(atPath: path)
        let options = try Options.parse([path])
        let workspace = try Workspace(catalog: GrantedCLI.catalog, settings: GrantedCLI.settings(options))
        let outcomes = workspace.lint([LintJob(path: path, configuration: .init(path: nil, baseDirectory: "/"))])
        guard case let .failure(problem)? = outcomes.first?.result else {
            Issue.record("a deleted file must be a problem, not a success")
            return
        }
        #expect(problem.reason == "No such file or directory")
    }

    @Test func pathsWithSpacesQuotesAndNonASCII() throws {
        let directory = try Self.temporaryDirectory()
        let name = "src/it's \"mine\" — café 🎉/push notif.ts"
        try Self.write(Self.goodFile, to: name, in: directory)
        let run = Self.run(["--format", "concise", "--sarif-output", "out.sarif", "."], in: directory)
        #expect(run.output.contains(Self.latentBlindCheck(at: "\(name):5:10")), "\(run.output)")
        #expect(Self.run(["."], in: directory).output.contains(" --> \(name):5:10\n"), "the full report names the path as it is")
        let sarif = try String(contentsOf: directory.appendingPathComponent("out.sarif"), encoding: .utf8)
        #expect(try Self.schemaViolation(sarif) == nil)
        #expect(sarif.contains("src/it%27s%20%22mine%22%20%E2%80%94%20caf%C3%A9%20%F0%9F%8E%89/push%20notif.ts"))
    }

    @Test func tenThousandFindingsInOneFile() throws {
        let directory = try Self.temporaryDirectory()
        var code = "import * as N from 'expo-notifications';\nexport async function many() {\n  const { status } = await N.getPermissionsAsync();\n"
        for index in 0..<10_000 { code += "  if (status === 'granted') count(\(index));\n" }
        code += "}\n"
        try Self.write(code, to: "many.ts", in: directory)
        let run = Self.run(["--format", "json", "many.ts"], in: directory)
        #expect(run.status == 1)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect((root["findings"] as? [Any])?.count == 10_000)
        let sarif = Self.run(["--format", "sarif", "many.ts"], in: directory)
        // All 10,000 results are there; the schema check reads the run with its results cut to the
        // first and last 50, which the same code wrote as all the others (the Python validator takes
        // 9 s over the whole 18 MB).
        var log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.output.utf8)) as? [String: Any])
        var runs = try #require(log["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [Any])
        #expect(results.count == 10_000)
        runs[0]["results"] = Array(results.prefix(50)) + Array(results.suffix(50))
        log["runs"] = runs
        let cut = String(decoding: try JSONSerialization.data(withJSONObject: log), as: UTF8.self)
        #expect(try Self.schemaViolation(cut) == nil)
    }

    @Test func parseTimeoutIsReportedNotSilentlySkipped() throws {
        let directory = try Self.temporaryDirectory()
        var code = "import * as N from 'expo-notifications';\n"
        for index in 0..<20_000 { code += "export const v\(index) = { a: [1, 2, 3], b: () => N.getPermissionsAsync() };\n" }
        try Self.write(code, to: "slow.ts", in: directory)
        let (run, sarif, notifications) = try Self.lintBeside("slow.ts", in: directory, extra: ["--parse-timeout", "1"])
        #expect(run.status == 2)
        #expect(run.errors.contains("slow.ts: parsing took longer than the limit of 1 ms"))
        #expect(notifications.contains { $0.hasPrefix("slow.ts:") })
        #expect(Self.executionSuccessful(sarif) == false)
    }
}

/// `--fix` never writes where it should not and never leaves a temporary file behind.
extension CLITests {
    static let fixable = """
    import * as Notifications from 'expo-notifications';
    Notifications.setNotificationHandler({
      handleNotification: async () => ({ shouldShowAlert: true, shouldPlaySound: false, shouldSetBadge: false }),
    });

    """

    static func temporaryLeftovers(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".granted-lint-") }
    }

    @Test func fixWritesThroughLinksInsideTheProjectOnly() throws {
        let project = try Self.temporaryDirectory()
        let outside = try Self.temporaryDirectory()
        try Self.write(Self.fixable, to: "real.ts", in: project)
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("alias.ts").path, withDestinationPath: "real.ts")
        try Self.write(Self.fixable, to: "elsewhere.ts", in: outside)
        try FileManager.default.createSymbolicLink(
            atPath: project.appendingPathComponent("escape.ts").path, withDestinationPath: outside.appendingPathComponent("elsewhere.ts").path
        )
        let run = Self.run(["--fix", "alias.ts", "escape.ts"], in: project)
        #expect(run.status == 2)
        #expect(run.errors.contains("escape.ts: is a symbolic link to"))
        #expect(run.errors.contains("; not written"))
        // The link inside the project still is a link, and its target was fixed.
        let attributes = try FileManager.default.attributesOfItem(atPath: project.appendingPathComponent("alias.ts").path)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect(try String(contentsOf: project.appendingPathComponent("real.ts"), encoding: .utf8).contains("shouldShowBanner: true, shouldShowList: true"))
        #expect(try String(contentsOf: outside.appendingPathComponent("elsewhere.ts"), encoding: .utf8) == Self.fixable)
        #expect(try Self.temporaryLeftovers(in: project).isEmpty && Self.temporaryLeftovers(in: outside).isEmpty)
    }

    /// Where the file lies and how it is named must not matter: a plain file is fixed wherever it
    /// is, a link is written through while it stays in its own project (the working directory's, or
    /// the sibling folder's when it lies outside), and refused when it leaves it. Issue 40: a plain
    /// file outside the working directory was refused as "a symbolic link".
    @Test(arguments: ["plain", "link inside", "link outside"], ["inside", "outside"])
    func fixMatrixOverFileKindPlaceAndPathForm(kind: String, place: String) throws {
        for absolute in [false, true] {
            let top = try Self.temporaryDirectory()
            let project = top.appendingPathComponent("project")
            let folder = place == "inside" ? project.appendingPathComponent("src") : top.appendingPathComponent("sibling")
            let elsewhere = top.appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
            try Self.write(Self.fixable, to: "real.ts", in: folder)
            try Self.write(Self.fixable, to: "far.ts", in: elsewhere)
            let named: String
            switch kind {
            case "plain": named = "real.ts"
            case "link inside":
                named = "alias.ts"
                try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(named).path, withDestinationPath: "real.ts")
            default:
                named = "escape.ts"
                try FileManager.default.createSymbolicLink(
                    atPath: folder.appendingPathComponent(named).path, withDestinationPath: elsewhere.appendingPathComponent("far.ts").path
                )
            }
            let argument = absolute
                ? folder.appendingPathComponent(named).path
                : (place == "inside" ? "src/" : "../sibling/") + named
            let run = Self.run(["--fix-unsafe", "--format", "concise", argument], in: project)
            let fixedText = "shouldShowBanner: true, shouldShowList: true"
            let label = "\(kind), \(place), \(absolute ? "absolute" : "relative"): \(run.errors)"
            if kind == "link outside" {
                #expect(run.status == 2, "\(label)")
                #expect(run.errors.contains("\(named): is a symbolic link to"), "\(label)")
                #expect(try String(contentsOf: elsewhere.appendingPathComponent("far.ts"), encoding: .utf8) == Self.fixable, "\(label)")
            } else {
                #expect(run.status == 0, "\(label)")
                #expect(!run.errors.contains("not written"), "\(label)")
                #expect(try String(contentsOf: folder.appendingPathComponent("real.ts"), encoding: .utf8).contains(fixedText), "\(label)")
                let type = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(named).path)[.type] as? FileAttributeType
                #expect(type == (kind == "plain" ? .typeRegular : .typeSymbolicLink), "\(label)")
            }
            #expect(try Self.temporaryLeftovers(in: folder).isEmpty && Self.temporaryLeftovers(in: elsewhere).isEmpty)
        }
    }

    @Test func fixLeavesReadOnlyFilesAndNoTemporaryFiles() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(Self.fixable, to: "locked.ts", in: directory)
        let locked = directory.appendingPathComponent("locked.ts").path
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: locked)
        let run = Self.run(["--fix", "--format", "concise", "locked.ts"], in: directory)
        #expect(run.status == 2)
        #expect(run.errors.contains("locked.ts: is read-only; not written"))
        #expect(try String(contentsOfFile: locked, encoding: .utf8) == Self.fixable)
        #expect(try Self.temporaryLeftovers(in: directory).isEmpty)
        #expect(run.output.contains("locked.ts:3:38: warning: `shouldShowAlert` is deprecated since expo-notifications SDK 53 [deprecated-should-show-alert]"), "the finding is still reported: \(run.output)")
    }

    @Test func atomicWriteCleansUpWhenTheRenameFails() throws {
        let directory = try Self.temporaryDirectory()
        // The target is a non-empty directory: writing the temporary file works, the rename fails.
        try Self.write("x", to: "target.ts/keep", in: directory)
        #expect(throws: AtomicFile.WriteError.self) {
            try AtomicFile.write(Array("new".utf8), to: directory.appendingPathComponent("target.ts").path)
        }
        #expect(try Self.temporaryLeftovers(in: directory).isEmpty)
    }

    /// Reports and baselines quote paths, code and messages as JSON strings byte by byte: the
    /// characters JSON must escape are escaped, everything else (any non-ASCII text) is kept as is,
    /// and the result parses back to the same string.
    @Test func jsonStringsEscapeWhatJSONRequiresAndKeepTheRest() throws {
        #expect(JSONText.quoted("") == "\"\"")
        #expect(JSONText.quoted("a\"b\\c\nd\re\tf") == "\"a\\\"b\\\\c\\nd\\re\\tf\"")
        #expect(JSONText.quoted("\u{0}\u{1F}\u{7F}") == "\"\\u0000\\u001f\u{7F}\"")
        let text = "caf\u{E9} \u{1F514} \u{65}\u{301} \u{2028} </script>"
        #expect(JSONText.quoted(text) == "\"" + text + "\"")
        for sample in [text, "a\"b\\c\nd\u{1}e", "\u{0}\u{1F}\u{7F}"] {
            let parsed = try JSONSerialization.jsonObject(with: Data(JSONText.quoted(sample).utf8), options: .fragmentsAllowed)
            #expect(parsed as? String == sample)
        }
    }
}
