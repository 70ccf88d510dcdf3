import Foundation
import GrantedDiscovery
import GrantedLinter
import GrantedRules
import GrantedSemantics
import GrantedSyntax
import Testing
import TestSupport

/// An edited buffer's lint (`Linter.lint(_:after:)`) says what a fresh lint of the new text says,
/// whether it moved the last findings or analysed the file again.
struct IncrementalLintTests {
    static let rules = BuiltinRules.all.map { ConfiguredRule($0) }

    static func linter() -> Linter { Linter(rules: rules) }

    static func file(_ text: String, path: String = "/project/src/notifications.ts") -> SourceFile {
        SourceFile(path: path, text: SourceText(bytes: Array(text.utf8)), grammar: Grammar(fileExtension: (path as NSString).pathExtension) ?? .tsx)
    }

    static func result(_ outcome: Result<FileResult, FileProblem>) -> FileResult? {
        if case let .success(result) = outcome { return result }
        return nil
    }

    /// Everything a lint says, for comparison.
    static func same(_ a: FileResult?, _ b: FileResult?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.diagnostics == b.diagnostics && a.facts == b.facts && a.provisionalEvidence == b.provisionalEvidence
            && a.analysed == b.analysed && (a.recovery == nil) == (b.recovery == nil) && a.file.text.bytes == b.file.text.bytes
    }

    static let registration = """
    import * as Notifications from 'expo-notifications';

    export async function register(): Promise<string | undefined> {
      const { status } = await Notifications.getPermissionsAsync();
      if (status !== 'granted') {
        return undefined;
      }
      return (await Notifications.getExpoPushTokenAsync({ projectId: 'p' })).data;
    }

    export const benchmarkEditMarker = 0;

    export async function ask() {
      return Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } });
    }

    """

    /// Lints `before`, then `after` through the memo; returns whether the findings were moved
    /// and checks them against a fresh lint.
    static func edit(_ before: String, _ after: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let linter = linter()
        let first = linter.lint(file(before), after: nil)
        let second = linter.lint(file(after), after: first.memo)
        let fresh = Self.linter().lint(file(after))
        #expect(same(result(second.outcome), result(fresh)), sourceLocation: sourceLocation)
        return second.reusedFindings
    }

    @Test func anEditOfADeclarationNothingElseNamesMovesTheFindings() throws {
        let edited = Self.registration.replacingOccurrences(of: "benchmarkEditMarker = 0", with: "benchmarkEditMarker = 1")
        #expect(Self.edit(Self.registration, edited))
        // A new line in it moves every later finding, and the evidence's lines, down one.
        let longer = Self.registration.replacingOccurrences(of: "benchmarkEditMarker = 0", with: "benchmarkEditMarker =\n  10")
        #expect(Self.edit(Self.registration, longer))
        let linter = Self.linter()
        let moved = try #require(Self.result(linter.lint(Self.file(longer), after: linter.lint(Self.file(Self.registration), after: nil).memo).outcome))
        #expect(moved.provisionalEvidence?.sites.first?.start.line == 15)
        #expect(!moved.diagnostics.isEmpty)
        // A declaration typed anew, and one deleted.
        #expect(Self.edit(Self.registration, Self.registration + "const laterMarker = [1, 2];\n"))
        #expect(Self.edit(Self.registration, Self.registration.replacingOccurrences(of: "export const benchmarkEditMarker = 0;\n", with: "")))
        // Spaces between declarations.
        #expect(Self.edit(Self.registration, Self.registration.replacingOccurrences(of: "\n\nexport const bench", with: "\n\n\n  export const bench")))
    }

    @Test func anEditThatMayMatterAnalysesTheFileAgain() {
        let base = Self.registration
        // Inside the permission code.
        #expect(!Self.edit(base, base.replacingOccurrences(of: "projectId: 'p'", with: "projectId: 'q'")))
        // A name used elsewhere in the file links the declaration to it.
        let linked = base + "export function useMarker() { return benchmarkEditMarker; }\n"
        #expect(!Self.edit(linked, linked.replacingOccurrences(of: "benchmarkEditMarker = 0", with: "benchmarkEditMarker = 1")))
        // A word the analysis knows, in a name or a string.
        #expect(!Self.edit(base, base.replacingOccurrences(of: "benchmarkEditMarker = 0", with: "benchmarkEditMarker = 'granted'")))
        #expect(!Self.edit(base, base.replacingOccurrences(of: "benchmarkEditMarker = 0", with: "benchmarkStatus = 0")))
        // A module named, a suppression comment.
        #expect(!Self.edit(base, base.replacingOccurrences(of: "benchmarkEditMarker = 0", with: "benchmarkEditMarker = require('expo-notifications')")))
        #expect(!Self.edit(base, base.replacingOccurrences(of: "export const benchmarkEditMarker = 0;", with: "// granted-lint-disable-next-line\nexport const benchmarkEditMarker = 0;")))
        // An import.
        #expect(!Self.edit(base, base.replacingOccurrences(of: "export const benchmarkEditMarker = 0;", with: "import { x } from './x';")))
        // A syntax error, and an edit that joins the declaration to the next statement.
        #expect(!Self.edit(base, base.replacingOccurrences(of: "benchmarkEditMarker = 0;", with: "benchmarkEditMarker = (0;")))
        #expect(!Self.edit(base, base.replacingOccurrences(of: "benchmarkEditMarker = 0;", with: "benchmarkEditMarker = 0 +")))
    }

    /// The index changing under a file (a file it imports was edited) forbids reuse; the file's own
    /// edits do not.
    @Test func anotherFileChangingInTheIndexForbidsReuse() {
        let project = ProjectIndex(readFile: { _ in nil })
        let linter = Self.linter()
        linter.project = project
        let path = "/project/src/notifications.ts"
        let first = linter.lint(Self.file(Self.registration, path: path), after: nil)
        let edited = Self.registration.replacingOccurrences(of: "benchmarkEditMarker = 0", with: "benchmarkEditMarker = 1")
        project.invalidate(file: path)
        let own = linter.lint(Self.file(edited, path: path), after: first.memo)
        #expect(own.reusedFindings)
        project.invalidate(file: "/project/src/other.ts")
        let other = linter.lint(Self.file(Self.registration, path: path), after: own.memo)
        #expect(!other.reusedFindings)
        // A linter of another configuration does not take this one's memo.
        #expect(!Self.linter().lint(Self.file(edited, path: path), after: other.memo).reusedFindings)
    }

    /// On every source file of `TestCorpus/`: a quiet declaration typed between any two
    /// statements, each statement deleted, and spaces typed inside each statement. Whatever the
    /// memo path decides, it must say what a fresh lint says; and it must be taken often enough
    /// that this compares something.
    @Test func everyCorpusFileSaysTheSameEditedAsFresh() throws {
        let files = TestSupport.sourceFiles(under: TestSupport.packageRoot.appendingPathComponent("TestCorpus"))
        #expect(files.count > 300)
        let counts = try Self.compareEdits(of: files)
        #expect(counts.reused > 500, "moved \(counts.reused) of \(counts.compared)")
        #expect(counts.reusedWithFindings > 200, "moved findings in \(counts.reusedWithFindings)")
        // Deleting a statement the memo path calls quiet is the claim itself: that statement
        // changed nothing else.
        #expect(counts.reusedByKind[1] > 100 && counts.reusedByKind[2] > 100, "\(counts.reusedByKind)")
    }

    /// The same on code nobody here wrote: `GRANTED_INCREMENTAL_CORPUS=DIR swift test --filter
    /// IncrementalLintTests` (Benchmarks/RESULTS.md has the run on the three real apps).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["GRANTED_INCREMENTAL_CORPUS"] != nil))
    func everyFileOfAnOutsideCorpusSaysTheSameEditedAsFresh() throws {
        let directory = ProcessInfo.processInfo.environment["GRANTED_INCREMENTAL_CORPUS"] ?? "/"
        let counts = try Self.compareEdits(of: TestSupport.sourceFiles(under: URL(fileURLWithPath: directory)))
        #expect(counts.compared > 0)
    }

    static func compareEdits(of files: [URL]) throws -> (compared: Int, reused: Int, reusedWithFindings: Int, reusedByKind: [Int]) {
        var compared = 0
        var reused = 0
        var reusedWithFindings = 0
        // Typed, deleted, spaced.
        var reusedByKind = [0, 0, 0]
        var mismatches: [String] = []
        for url in files {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let path = url.path
            let linter = Self.linter()
            let fresh = Self.linter()
            let original = linter.lint(Self.file(text, path: path), after: nil)
            guard let originalResult = Self.result(original.outcome), originalResult.analysed else { continue }
            let bytes = Array(text.utf8)
            guard let tree = original.memo?.tree else { continue }
            var variants: [(kind: Int, bytes: [UInt8])] = []
            for unit in tree.root.children {
                var inserted = bytes
                inserted.insert(contentsOf: Array("\nconst zzProbe = [7];\n".utf8), at: unit.startByte)
                variants.append((0, inserted))
                var deleted = bytes
                deleted.removeSubrange(unit.byteRange)
                variants.append((1, deleted))
                if let space = bytes[unit.byteRange].firstIndex(of: 0x20) {
                    var spaced = bytes
                    spaced.insert(0x20, at: space)
                    variants.append((2, spaced))
                }
            }
            for (kind, variant) in variants {
                let file = SourceFile(path: path, text: SourceText(bytes: variant), grammar: Grammar(fileExtension: url.pathExtension) ?? .tsx)
                let edited = linter.lint(file, after: original.memo)
                let expected = Self.result(fresh.lint(file))
                compared += 1
                if edited.reusedFindings {
                    reused += 1
                    reusedByKind[kind] += 1
                    if !(expected?.diagnostics.isEmpty ?? true) { reusedWithFindings += 1 }
                }
                if !Self.same(Self.result(edited.outcome), expected) {
                    mismatches.append("\(url.lastPathComponent) (variant \(kind), \(edited.reusedFindings ? "moved" : "analysed"))")
                }
            }
        }
        print("IncrementalLintTests: \(files.count) files, \(compared) edits, \(reused) moved (typed, deleted, spaced: \(reusedByKind)), \(reusedWithFindings) of them with findings")
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(compared): \(mismatches.prefix(10))")
        return (compared, reused, reusedWithFindings, reusedByKind)
    }
}
