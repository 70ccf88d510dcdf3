import GrantedDiscovery
import Foundation
import GrantedLinter
@testable import GrantedSemantics
@testable import GrantedWorkspace
import GrantedRules
import GrantedSyntax
import Testing
import TestSupport

/// The default run lints files on the walk's threads as the walk finds them; the other runs list
/// every file first. Both must report the same thing, in the same order.
struct ProjectRunTests {
    static let catalog = RuleCatalog(rules: BuiltinRules.all)

    static func summary(_ report: LintReport) -> [String] {
        report.results.map { result in
            result.file.path + ": " + result.diagnostics.map { "\($0.ruleId)@\($0.range)/\($0.severity)" }.joined(separator: ", ")
        } + report.problems.map { "problem \($0.path)" }
    }

    @Test(arguments: ["cross-file", "evidence", "variants", "rules", "example-app"])
    func aRunThatLintsAsItWalksReportsWhatListingFirstDoes(_ folder: String) throws {
        let directory = TestSupport.packageRoot.appendingPathComponent("TestCorpus/\(folder)").path
        let request = RunRequest(paths: [directory])

        let streaming = try Workspace(catalog: Self.catalog, root: TestSupport.packageRoot.path)
        let streamed = try streaming.run(request).report

        let listing = try Workspace(catalog: Self.catalog, root: TestSupport.packageRoot.path)
        let files = try listing.selectFiles(request)
        var listed = listing.report(of: try listing.lint(files: files.files), problems: files.problems, notes: files.notes)
        listing.applyProjectChecks(to: &listed, files: files.files, request: request)
        listing.applyProvisionalEvidence(to: &listed, files: files.files, request: request)

        #expect(streamed.results.count == files.files.count)
        #expect(streamed.results.map(\.file.path) == files.files.map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 })
        #expect(Self.summary(streamed) == Self.summary(listed))
        #expect(streamed.results.contains { !$0.diagnostics.isEmpty })
    }

    static let crossFileCases: [String] = {
        let root = TestSupport.packageRoot.appendingPathComponent("TestCorpus/cross-file")
        return ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
    }()

    /// CorpusTests summarises every file of a case before linting; a run summarises only the
    /// files that name a notification module up front and lints the rest when they name what
    /// those export (a file that reaches expo-notifications through a loader in another file
    /// names only the loader). Both must find what the fixtures expect.
    @Test(arguments: crossFileCases)
    func aRunOfACrossFileCaseFindsWhatItsFixturesExpect(_ name: String) throws {
        let directory = TestSupport.packageRoot.appendingPathComponent("TestCorpus/cross-file/\(name)")
        let workspace = try Workspace(catalog: Self.catalog, root: TestSupport.packageRoot.path)
        let report = try workspace.run(RunRequest(paths: [directory.path])).report
        var found: [String] = []
        for result in report.results {
            let text = SourceText(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: result.file.path))))
            for diagnostic in result.diagnostics {
                found.append("\(URL(fileURLWithPath: result.file.path).lastPathComponent):\(text.position(of: diagnostic.range.lowerBound).line) \(diagnostic.ruleId)")
            }
        }
        var expected: [String] = []
        for file in TestSupport.sourceFiles(under: directory) where !file.path.hasSuffix(".d.ts") {
            let text = try String(contentsOf: file, encoding: .utf8)
            expected += TestSupport.expectations(in: text).map { "\(file.lastPathComponent):\($0.line) \($0.ruleId)" }
        }
        #expect(found.sorted() == expected.sorted())
    }
}

/// Relative specifiers are found by text, from dot to dot: only after `from`, `require(` or
/// `import(`, with any quote, and never inside another string.
struct RelativeSpecifierTests {
    @Test func specifiersAfterImportsAreFound() {
        let source = """
        import a from './a';
        import { b } from "../lib/b";
        export * from './c/index';
        const d = require('./d');
        const e = await import(`../e`);
        import f from '..';
        const g = './not-an-import';
        console.log("x.y", '../neither');
        import h from 'package';
        import i from'./tight'
        x.y.z; import j from './j'
        """
        #expect(ProjectIndex.relativeSpecifiers(in: Array(source.utf8)) == ["./a", "../lib/b", "./c/index", "./d", "../e", "..", "./tight", "./j"])
        #expect(ProjectIndex.relativeSpecifiers(in: Array("'./".utf8)).isEmpty)
        #expect(ProjectIndex.relativeSpecifiers(in: Array("from './".utf8)).isEmpty)
        #expect(ProjectIndex.relativeSpecifiers(in: []).isEmpty)
        #expect(ProjectIndex.relativeSpecifiers(in: Array("from './x'".utf8)) == ["./x"])
    }
}

/// Module paths resolve from directory listings (one listing per directory, not a `stat` per
/// candidate name), in the order TypeScript's resolution tries them.
struct ModuleResolutionTests {
    @Test func modulesResolveToFilesThenIndexFiles() throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("granted-resolve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        func write(_ path: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("export {};\n".utf8).write(to: url)
        }
        for path in ["src/main.ts", "src/a.ts", "src/b.tsx", "src/b.js", "src/c.ts", "src/c/index.ts", "src/d/index.jsx",
                     "src/e.mjs", "src/styles.css", "src/f.js", "lib/util.cts", "src/g/h.ts"] {
            try write(path)
        }
        // A link to a file resolves as the file; a link to a directory leads to its index.
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("src/linked.ts").path, withDestinationPath: "a.ts")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("src/dlink").path, withDestinationPath: "d")
        let index = ProjectIndex()
        let from = root.appendingPathComponent("src/main.ts").path
        let src = root.appendingPathComponent("src").path
        let expectations: [(String, String?)] = [
            ("./a", "\(src)/a.ts"),
            ("./b", "\(src)/b.tsx"),           // .tsx is tried before .js
            ("./b.js", "\(src)/b.js"),         // a source extension written out
            ("./c", "\(src)/c.ts"),            // the file before the directory's index
            ("./d", "\(src)/d/index.jsx"),
            ("./e", "\(src)/e.mjs"),
            ("./f.js", "\(src)/f.js"),
            ("./styles.css", nil),             // not a source file
            ("./missing", nil),
            ("./g", nil),                      // a directory without an index
            ("./g/h", "\(src)/g/h.ts"),
            ("../lib/util", "\(root.path)/lib/util.cts"),
            ("./linked", "\(src)/linked.ts"),
            ("./dlink", "\(src)/dlink/index.jsx"),
        ]
        for (module, expected) in expectations {
            #expect(index.resolve(module, from: from) == expected, "\(module)")
        }
        // Created after the first answers: found once the index forgets what it knew.
        try write("src/late.ts")
        #expect(index.resolve("./late", from: from) == nil)
        index.invalidate(file: root.appendingPathComponent("src/late.ts").path)
        #expect(index.resolve("./late", from: from) == "\(src)/late.ts")
    }
}

/// A run lints the files of directories named for notification code first (their import closures
/// are its longest analyses).
struct NotificationDirectoryTests {
    @Test func directoriesNamedForNotificationCodeAreRecognised() {
        for name in ["notifications", "pushNotifications", "Notifications", "PUSH", "permissions", "expo-background-notification-handler", "notif"] {
            #expect(Workspace.isNotificationDirectory(name), "\(name)")
        }
        for name in ["utils", "src", "noti", "", "pus", "Settings", "notíf"] {
            #expect(!Workspace.isNotificationDirectory(name), "\(name)")
        }
    }
}

/// An index that records what each summary read returns the importers of a changed file; one made
/// for a run over files that do not change (`recordsDependencies: false`) returns the file alone.
struct SummaryDependencyTests {
    @Test(arguments: [true, false])
    func anImportersAnalysisDependsOnTheFileItReads(recording: Bool) throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("granted-dependencies-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files: [String: String] = [
            "src/permissions.ts": "import * as Notifications from 'expo-notifications';\nexport const ask = () => Notifications.requestPermissionsAsync();\n",
            "src/index.ts": "export * from './permissions';\n",
            "src/screen.ts": "import { ask } from './index';\nexport const go = ask;\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let src = root.appendingPathComponent("src").path
        let index = ProjectIndex(recordsDependencies: recording)
        index.summarise(file: src + "/screen.ts")
        let affected = index.invalidate(file: src + "/permissions.ts")
        let all: Set<String> = [src + "/permissions.ts", src + "/index.ts", src + "/screen.ts"]
        #expect(affected == (recording ? all : [src + "/permissions.ts"]))
    }
}

/// A thread that must not wait for another's summaries gives up, and says which summary it would
/// have waited for, so that its caller can try again once that one is done.
struct ImpatientSummaryTests {
    final class Gate: @unchecked Sendable {
        let reading = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
    }

    @Test func aThreadThatMustNotWaitNamesTheSummaryItWouldHaveWaitedFor() throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("granted-impatient-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let slow = root.appendingPathComponent("permissions.ts").path
        let source = "import * as Notifications from 'expo-notifications';\nexport const getStatus = () => Notifications.getPermissionsAsync();\n"
        try Data(source.utf8).write(to: URL(fileURLWithPath: slow))
        let main = root.appendingPathComponent("main.ts").path
        // Reading the slow file stops until the test lets it go: its summary is being computed
        // by the other thread for as long as the test needs.
        let gate = Gate()
        let index = ProjectIndex(readFile: { path in
            if path == slow {
                gate.reading.signal()
                gate.release.wait()
            }
            return ProjectIndex.readSourceFile(path)
        })
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            index.summarise(file: slow)
            done.signal()
        }
        gate.reading.wait()
        #expect(index.isBeingSummarised(slow))
        // Before any work: a file that imports it is known to need it, one that does not is not.
        let importer = Array("import { getStatus } from './permissions';\nexport const x = getStatus();\n".utf8)
        let other = Array("import { y } from './other';\nexport const x = y;\n".utf8)
        #expect(index.importBeingSummarisedElsewhere(by: main, bytes: importer) == slow)
        #expect(index.importBeingSummarisedElsewhere(by: main, bytes: other) == nil)
        switch index.withoutWaiting({ index.exports(ofModule: "./permissions", importedFrom: main) }) {
        case .finished: Issue.record("it waited, or did not need the summary")
        case let .wouldWait(forSummaryOf: blocker): #expect(blocker == slow)
        }
        gate.release.signal()
        done.wait()
        #expect(!index.isBeingSummarised(slow))
        #expect(index.importBeingSummarisedElsewhere(by: main, bytes: importer) == nil)
        switch index.withoutWaiting({ index.exports(ofModule: "./permissions", importedFrom: main) }) {
        case let .finished(exports): #expect(exports?["getStatus"] != nil)
        case .wouldWait: Issue.record("the summary is done: nothing to wait for")
        }
    }
}
