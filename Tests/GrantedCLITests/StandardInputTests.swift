import Foundation
import Testing
import TestSupport

/// `--stdin-filename PATH` (issue 39): standard input linted as PATH, through the built binary (the
/// in-process runner has no standard input of its own to give).
struct StandardInputTests {
    static let exampleApp = TestSupport.packageRoot.appendingPathComponent("TestCorpus/example-app")
    static let registration = "src/notifications/registerForPushNotifications.ts"

    struct Output {
        let status: Int32
        let output: String
        let errors: String
    }

    static func granted(_ arguments: [String], input: [UInt8]? = nil, in directory: URL) throws -> Output {
        let process = Process()
        process.executableURL = TestSupport.builtExecutable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("granted-lint-stdin-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errors = try FileHandle(forWritingTo: errorFile)
        let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent("granted-lint-stdin-\(UUID().uuidString)")
        try Data(input ?? []).write(to: inputFile)
        defer { try? FileManager.default.removeItem(at: inputFile) }
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errors.close()
        return Output(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self),
                      errors: (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
    }

    @Test(arguments: ["text", "concise", "json", "sarif", "github", "gitlab", "junit", "checkstyle", "markdown"])
    func standardInputReportsWhatTheFileReports(_ format: String) throws {
        // The example app's registration: cross-file evidence (the provisional request is in
        // another file) and a consequence note, as a normal run gives them.
        let text = try Array(Data(contentsOf: Self.exampleApp.appendingPathComponent(Self.registration)))
        let fromDisk = try Self.granted(["--format", format, Self.registration], in: Self.exampleApp)
        let fromInput = try Self.granted(["--format", format, "--stdin-filename", Self.registration, "-"], input: text, in: Self.exampleApp)
        #expect(fromDisk.status == 1)
        #expect(fromInput.status == fromDisk.status)
        #expect(fromInput.output == fromDisk.output, "\(format) differs:\n\(fromInput.output)")
        if format == "text" { #expect(fromInput.output.contains("provisional authorization is requested here")) }
    }

    @Test func theEditedTextIsLintedNotTheDisk() throws {
        let text = try String(contentsOf: Self.exampleApp.appendingPathComponent(Self.registration), encoding: .utf8)
        let edited = text.replacingOccurrences(of: "if (finalStatus !== 'granted') {", with: "if (!finalStatus) {")
        let run = try Self.granted(["--format", "concise", "--stdin-filename", Self.registration], input: Array(edited.utf8), in: Self.exampleApp)
        #expect(!run.output.contains("`finalStatus !== 'granted'`"), "\(run.output)")
        #expect(run.output.contains("`existingStatus !== 'granted'`"), "\(run.output)")
    }

    @Test func fixingStandardInputPrintsTheFixedSourceAndWritesNothing() throws {
        let directory = try CLITests.temporaryDirectory()
        try FileManager.default.copyItem(at: Self.exampleApp, to: directory.appendingPathComponent("app"))
        let app = directory.appendingPathComponent("app")
        let file = app.appendingPathComponent(Self.registration)
        let original = try Array(Data(contentsOf: file))
        let run = try Self.granted(["--fix-unsafe", "--format", "concise", "--stdin-filename", Self.registration], input: original, in: app)
        #expect(try Array(Data(contentsOf: file)) == original, "standard input's file is never written")
        #expect(run.output.contains("if (!finalDeliverable) {"), "the fixed source: \(run.output)")
        #expect(run.errors.contains("[provisional-blind-check]") == false || run.errors.contains("problems"), "the report goes to standard error")
        // The same text as the fix writes to the file itself.
        _ = try Self.granted(["--fix-unsafe", "--format", "concise", Self.registration], in: app)
        #expect(try String(contentsOf: file, encoding: .utf8) == run.output)
    }

    /// "The project creates no notification channel" is a project-level note: a run that names one
    /// file (or gives it on standard input, as the editor and the ESLint plugin do) reports it only
    /// when no other file of the project creates a channel, as a run over the whole project does.
    @Test(arguments: [false, true])
    func aProjectNoteOfAPartialRunIsAnsweredFromTheRestOfTheProject(_ standardInput: Bool) throws {
        let project = try CLITests.temporaryDirectory()
        try Data("{ \"name\": \"app\", \"private\": true }\n".utf8).write(to: project.appendingPathComponent("package.json"))
        try FileManager.default.createDirectory(at: project.appendingPathComponent("src"), withIntermediateDirectories: true)
        let request = "import * as Notifications from 'expo-notifications';\nexport async function ask() {\n  return Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } });\n}\n"
        try Data(request.utf8).write(to: project.appendingPathComponent("src/ask.ts"))
        func lintAsk() throws -> Output {
            try standardInput
                ? Self.granted(["--format", "concise", "--stdin-filename", "src/ask.ts"], input: Array(request.utf8), in: project)
                : Self.granted(["--format", "concise", "src/ask.ts"], in: project)
        }
        let alone = try lintAsk()
        #expect(alone.output.contains("the project creates no notification channel"), "\(alone.output)")
        let whole = try Self.granted(["--format", "concise", "."], in: project)
        #expect(whole.output.contains("the project creates no notification channel"), "\(whole.output)")

        let channel = "import * as Notifications from 'expo-notifications';\nexport const setUp = () => Notifications.setNotificationChannelAsync('default', { name: 'Default', importance: 4 });\n"
        try Data(channel.utf8).write(to: project.appendingPathComponent("src/channel.ts"))
        let answered = try lintAsk()
        #expect(!answered.output.contains("notification channel"), "\(answered.output)")
        #expect(try !Self.granted(["--format", "concise", "."], in: project).output.contains("notification channel"))
    }

    @Test func anIgnoredPathReportsNothingWithAWarning() throws {
        let text = try Array(Data(contentsOf: Self.exampleApp.appendingPathComponent(Self.registration)))
        let ignored = try Self.granted(["--format", "json", "--stdin-filename", "node_modules/lib/push.ts"], input: text, in: Self.exampleApp)
        #expect(ignored.status == 0)
        #expect(ignored.errors.contains("node_modules/lib/push.ts is under node_modules/; nothing was linted"), "\(ignored.errors)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(ignored.output.utf8)) as? [String: Any])
        #expect((root["findings"] as? [Any])?.isEmpty == true)
        let linted = try Self.granted(["--format", "concise", "--no-ignore", "--stdin-filename", "node_modules/lib/push.ts"], input: text, in: Self.exampleApp)
        #expect(linted.status == 1 && linted.output.contains("node_modules/lib/push.ts:26:7"), "\(linted.output)")
    }

    @Test func standardInputNeedsItsNameAndNoOtherPath() throws {
        let dash = try Self.granted(["-"], in: Self.exampleApp)
        #expect(dash.status == 2 && dash.errors.contains("name the file it stands for with --stdin-filename PATH"))
        let two = try Self.granted(["--stdin-filename", "a.ts", "b.ts"], in: Self.exampleApp)
        #expect(two.status == 2 && two.errors.contains("give no other path"))
    }
}
