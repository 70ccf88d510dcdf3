import Foundation
import GrantedCLI
import GrantedLinter
import GrantedWorkspace
import GrantedReporters
import GrantedRules
import Testing
import TestSupport

/// Configuration, suppressions, baseline, changed files, fixes and rule docs, through the command line.
/// Part of the serialized CLITests suite because these tests change the working directory.
extension CLITests {
    static func git(_ arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory.path, "-c", "user.name=test", "-c", "user.email=test@example.com"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }

    static let blindCheck = """
    import * as Notifications from 'expo-notifications';

    export async function canNotify() {
      const { status } = await Notifications.getPermissionsAsync();
      return status === 'granted';
    }

    """

    /// The message of `blindCheck`'s finding (the latent note and the run's evidence say the rest).
    static let blindCheckMessage = "`status === 'granted'` rejects provisionally authorized iOS devices"

    // MARK: Configuration

    @Test func nearestConfigurationWinsAndConfigOverrides() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(Self.blindCheck, to: "app/a.ts", in: directory)
        try Self.write(Self.blindCheck, to: "app/legacy/b.ts", in: directory)
        try Self.write(#"{ "rules": { "provisional-blind-check": "warning" } }"#, to: ".granted-lint.json", in: directory)
        try Self.write(#"{ "rules": { "provisional-blind-check": "off" } }"#, to: "app/legacy/.granted-lint.json", in: directory)
        let run = Self.run(["--format", "concise", "app"], in: directory)
        // Configured a warning, latent (nothing requests provisional authorization): one level lower.
        #expect(run.output.contains("app/a.ts:5:10: note: \(Self.blindCheckMessage) [provisional-blind-check]"), "\(run.output)")
        #expect(run.output.hasPrefix("note: ") && run.output.contains("the provisional-blind checks below are latent"), "\(run.output)")
        #expect(!run.output.contains("app/legacy/b.ts"))
        try Self.write(#"{ "rules": { "provisional-blind-check": "note" } }"#, to: "strict.json", in: directory)
        let overridden = Self.run(["--config", "strict.json", "--format", "concise", "app"], in: directory)
        #expect(overridden.output.contains("app/a.ts:5:10: note: \(Self.blindCheckMessage) [provisional-blind-check]"), "\(overridden.output)")
        #expect(overridden.output.contains("app/legacy/b.ts:5:10: note: \(Self.blindCheckMessage) [provisional-blind-check]"))
        #expect(overridden.status == 0, "notes do not fail the default threshold")
    }

    /// The walk asks for a directory's configuration only where its listing shows a configuration
    /// file: every directory below takes the nearest one above it, however deep.
    @Test func directoriesWithoutAConfigurationFileTakeTheNearestAboveAtAnyDepth() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(#"{ "extensions": ["ts"], "rules": { "provisional-blind-check": "warning" } }"#, to: ".granted-lint.json", in: directory)
        try Self.write(#"{ "extensions": ["es6"], "rules": { "provisional-blind-check": "off" } }"#, to: "app/legacy/.granted-lint.json", in: directory)
        for file in ["app/a.ts", "app/a.es6", "app/plain/deep/b.ts", "app/plain/deep/b.es6",
                     "app/legacy/c.ts", "app/legacy/c.es6", "app/legacy/deep/deeper/d.ts", "app/legacy/deep/deeper/d.es6"] {
            try Self.write(Self.blindCheck, to: file, in: directory)
        }
        let listed = Self.run(["--list-files", "app"], in: directory)
        #expect(listed.status == 0)
        #expect(listed.output == ["app/a.ts", "app/legacy/c.es6", "app/legacy/deep/deeper/d.es6", "app/plain/deep/b.ts"].map { $0 + "\n" }.joined(), "\(listed.output)")
        let run = Self.run(["--format", "concise", "app"], in: directory)
        #expect(run.output.contains("app/a.ts:5:10: note: \(Self.blindCheckMessage)"), "\(run.output)")
        #expect(run.output.contains("app/plain/deep/b.ts:5:10: note: \(Self.blindCheckMessage)"), "\(run.output)")
        #expect(!run.output.contains("legacy"), "the rule is off below app/legacy, at every depth: \(run.output)")
        // A configuration file that appears deeper still takes over from there.
        try Self.write(#"{ "extensions": ["ts"] }"#, to: "app/legacy/deep/.granted-lint.json", in: directory)
        let deeper = Self.run(["--list-files", "app"], in: directory)
        #expect(deeper.output == ["app/a.ts", "app/legacy/c.es6", "app/legacy/deep/deeper/d.ts", "app/plain/deep/b.ts"].map { $0 + "\n" }.joined(), "\(deeper.output)")
    }

    @Test func configurationExcludesAndExtensions() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(Self.blindCheck, to: "src/a.ts", in: directory)
        try Self.write(Self.blindCheck, to: "src/generated/b.ts", in: directory)
        try Self.write(Self.blindCheck, to: "src/c.es6", in: directory)
        try Self.write(#"{ "exclude": ["src/generated/**"], "extensions": ["ts", ".es6"] }"#, to: ".granted-lint.json", in: directory)
        let run = Self.run(["."], in: directory)
        #expect(run.output.contains("src/a.ts:5:10"))
        #expect(run.output.contains("src/c.es6:5:10"))
        #expect(!run.output.contains("generated"))
        let printed = Self.run(["--print-config", "src/generated/b.ts"], in: directory)
        #expect(printed.status == 0)
        #expect(printed.output.contains("\"configFile\": \".granted-lint.json\""))
        #expect(printed.output.contains("\"linted\": false"))
        #expect(printed.output.contains("\"provisional-blind-check\": \"error\""))
    }

    @Test(arguments: [
        ("{ \"rules\": { \"provisional-blind-check\": \"error\", }\n}", ".granted-lint.json:1: invalid JSON"),
        ("{\n  \"rulez\": {}\n}", ".granted-lint.json:2: unknown key \"rulez\""),
        ("{\n  \"rules\": {\n    \"provisional-blind-chek\": \"error\"\n  }\n}", ".granted-lint.json:3: unknown rule id \"provisional-blind-chek\""),
        ("{\n  \"rules\": {\n    \"provisional-blind-check\": \"fatal\"\n  }\n}", ".granted-lint.json:3: \"rules\".\"provisional-blind-check\" must be"),
        ("{\n  \"rules\": []\n}", ".granted-lint.json:2: \"rules\" must be an object"),
        ("{\n  \"exclude\": \"dist\"\n}", ".granted-lint.json:2: \"exclude\" must be an array of strings"),
        ("{\n  \"extensions\": [\"ts\", 3]\n}", ".granted-lint.json:2: \"extensions\" must contain only strings"),
        ("[]", ".granted-lint.json:1: the configuration must be a JSON object"),
    ])
    func brokenConfigurationIsAnErrorNamingFileKeyAndLine(_ content: String, _ message: String) throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(content, to: ".granted-lint.json", in: directory)
        try Self.write(Self.blindCheck, to: "a.ts", in: directory)
        let run = Self.run(["a.ts"], in: directory)
        #expect(run.status == 2)
        #expect(run.errors.contains("granted-lint: " + message), "\(run.errors)")
    }

    @Test func missingConfigFileIsAnError() throws {
        let directory = try Self.temporaryDirectory()
        let run = Self.run(["--config", "nope.json", "."], in: directory)
        #expect(run.status == 2)
        #expect(run.errors.contains("nope.json: cannot read the configuration"))
    }

    // MARK: Suppressions

    @Test func suppressionFormsSilenceTheirFindings() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write("""
        import * as Notifications from 'expo-notifications';

        export async function a() {
          const { status, granted } = await Notifications.getPermissionsAsync();
          // granted-lint-disable-next-line provisional-blind-check -- accepted: Android-only screen
          if (status === 'granted') return 1;
          if (status === 'undetermined') return 2; // granted-lint-disable-line provisional-blind-check
          if (granted) return 3; // granted-lint-disable-line
          return status !== 'granted';
        }

        """, to: "a.ts", in: directory)
        let run = Self.run(["--format", "concise", "a.ts"], in: directory)
        #expect(run.output.contains("a.ts:9:10: warning: `status !== 'granted'` rejects provisionally authorized iOS devices [provisional-blind-check]"), "\(run.output)")
        #expect(run.output.contains("1 problem (0 errors, 1 warning)"), "\(run.output)")
        try Self.write("/* granted-lint-disable provisional-blind-check */\n" + Self.blindCheck, to: "b.ts", in: directory)
        #expect(Self.run(["b.ts"], in: directory).status == 0)
    }

    @Test func unusedAndUnknownSuppressionsAreReportedAndFixable() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write("""
        import * as Notifications from 'expo-notifications';
        // granted-lint-disable-next-line provisional-blind-check
        export const quiet = true;
        export const x = 1; // granted-lint-disable-line provisional-blnd-check

        """, to: "a.ts", in: directory)
        let run = Self.run(["--format", "concise", "a.ts"], in: directory)
        #expect(run.status == 1)
        #expect(run.output.contains("a.ts:2:1: warning: `// granted-lint-disable-next-line` silences no finding [unused-suppression]"), "\(run.output)")
        #expect(run.output.contains("a.ts:4:21: warning: `// granted-lint-disable-line` names unknown rule id 'provisional-blnd-check' [unused-suppression]"), "\(run.output)")
        // (The comment is quoted up to its directive; the notes name the rule it lists.)
        // The full report says why and what to do.
        let full = TextReportFinding.parse(Self.run(["a.ts"], in: directory).output)
        #expect(full.map(\.location) == ["a.ts:2:1", "a.ts:4:21"], "\(full)")
        #expect(full.first?.notes == ["no 'provisional-blind-check' finding here to silence"], "\(full)")
        #expect(full.first?.help == "remove the suppression comment")
        #expect(full.first?.fix == "fix: Remove the suppression comment")
        #expect(full.last?.notes == ["it silences nothing"], "\(full)")
        #expect(full.last?.help?.contains("granted-lint --list-rules") == true, "\(full)")
        let fixed = Self.run(["--fix", "a.ts"], in: directory)
        #expect(fixed.status == 0)
        let text = try String(contentsOf: directory.appendingPathComponent("a.ts"), encoding: .utf8)
        #expect(text == "import * as Notifications from 'expo-notifications';\nexport const quiet = true;\nexport const x = 1;\n")
        // The engine's own finding can be turned off like a rule.
        try Self.write("// granted-lint-disable-next-line\nexport const y = 1;\n", to: "b.ts", in: directory)
        try Self.write(#"{ "rules": { "unused-suppression": "off" } }"#, to: ".granted-lint.json", in: directory)
        #expect(Self.run(["b.ts"], in: directory).status == 0)
    }

    // MARK: Baseline

    @Test func baselineHidesOldFindingsAcrossEditsButNotNewOnes() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(Self.blindCheck, to: "src/a.ts", in: directory)
        try Self.write(Self.handler, to: "src/b.ts", in: directory)
        let written = Self.run(["--write-baseline", "baseline.json", "src"], in: directory)
        #expect(written.status == 1)
        let baseline = try String(contentsOf: directory.appendingPathComponent("baseline.json"), encoding: .utf8)
        #expect(baseline.contains(#"{ "path": "src/a.ts", "rule": "provisional-blind-check", "source": "return status === 'granted';", "count": 1 }"#))
        // Sorted by path: a.ts before b.ts.
        #expect(baseline.range(of: "src/a.ts")!.lowerBound < baseline.range(of: "src/b.ts")!.lowerBound)
        // Writing again gives the same bytes.
        _ = Self.run(["--write-baseline", "baseline.json", "src"], in: directory)
        #expect(try String(contentsOf: directory.appendingPathComponent("baseline.json"), encoding: .utf8) == baseline)

        try Self.write("// moved down\n\n\n" + Self.blindCheck, to: "src/a.ts", in: directory)
        let hidden = Self.run(["--baseline", "baseline.json", "src"], in: directory)
        #expect(hidden.status == 0, "\(hidden.output)")
        #expect(hidden.output.contains("2 findings hidden by the baseline baseline.json."))

        try Self.write("// moved down\n\n\n" + Self.blindCheck + "export const again = async () => (await Notifications.getPermissionsAsync()).granted;\n", to: "src/a.ts", in: directory)
        let fresh = Self.run(["--baseline", "baseline.json", "src"], in: directory)
        #expect(fresh.status == 1)
        let freshFindings = TextReportFinding.parse(fresh.output)
        #expect(freshFindings.map(\.description) == ["src/a.ts:10:34: warning: `(await Notifications.getPermiss…Async()).granted` is false on provisionally authorized iOS devices [provisional-blind-check]"],
                "only the new finding: \(fresh.output)")
        #expect(freshFindings.first?.notes.contains { $0.hasPrefix("latent: ") } == true, "\(freshFindings)")
        #expect(!fresh.output.contains("src/a.ts:8:"))

        try Self.write("export const gone = 1;\n", to: "src/b.ts", in: directory)
        let stale = Self.run(["--baseline", "baseline.json", "src"], in: directory)
        #expect(stale.output.contains("1 baseline entry no longer matches; prune with --write-baseline baseline.json."))
    }

    @Test func brokenBaselineIsAnError() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write("{ \"findings\": 3 }", to: "baseline.json", in: directory)
        let run = Self.run(["--baseline", "baseline.json", "."], in: directory)
        #expect(run.status == 2)
        #expect(run.errors.contains("baseline.json: not a granted-lint baseline"))
    }

    // MARK: Changed files

    @Test func stagedLintsTheStagedContent() throws {
        let directory = try Self.temporaryDirectory()
        try Self.git(["init", "-q"], in: directory)
        try Self.write("export const clean = 1;\n", to: "clean.ts", in: directory)
        try Self.git(["add", "clean.ts"], in: directory)
        try Self.git(["commit", "-q", "-m", "init"], in: directory)
        try Self.write(Self.blindCheck, to: "a.ts", in: directory)
        try Self.git(["add", "a.ts"], in: directory)
        // The working tree differs from what is staged: only the staged finding counts.
        try Self.write("export const fixedInTheWorkingTree = 1;\n", to: "a.ts", in: directory)
        try Self.write(Self.handler, to: "unstaged.ts", in: directory)
        let run = Self.run(["--staged", "--format", "concise"], in: directory)
        #expect(run.status == 1)
        #expect(run.output.contains("a.ts:5:10: warning: \(Self.blindCheckMessage) [provisional-blind-check]"), "\(run.output)")
        #expect(!run.output.contains("unstaged.ts"))
        #expect(Self.run(["a.ts"], in: directory).status == 0, "the working tree copy is clean")
    }

    @Test func changedSinceLintsChangedStagedAndUntrackedFiles() throws {
        let directory = try Self.temporaryDirectory()
        try Self.git(["init", "-q"], in: directory)
        try Self.write(Self.blindCheck, to: "old.ts", in: directory)
        try Self.write("export const x = 1;\n", to: "changed.ts", in: directory)
        try Self.git(["add", "."], in: directory)
        try Self.git(["commit", "-q", "-m", "init"], in: directory)
        try Self.write(Self.blindCheck, to: "changed.ts", in: directory)
        try Self.write(Self.handler, to: "new.ts", in: directory)
        let run = Self.run(["--changed-since", "HEAD"], in: directory)
        #expect(run.output.contains("changed.ts:5:10"))
        #expect(run.output.contains("new.ts:5:5"))
        #expect(!run.output.contains("old.ts"))
        let bad = Self.run(["--changed-since", "no-such-ref"], in: directory)
        #expect(bad.status == 2)
    }

    // MARK: Fixes

    static let fixFixtures: [(input: String, expected: String, flag: String)] = [
        ("notificationHandler.tsx", "notificationHandler.fixed.tsx", "--fix"),
        ("unsafeBehavior.ts", "unsafeBehavior.fixed.ts", "--fix-unsafe"),
        // The fix-quality cases: the operand as written (`current!`), one property per line with the
        // object's indentation (also CRLF, also a long value), a call bound once (before the `return`
        // of a block body; in the block an expression body becomes), a contradiction.
        ("realistic/listenerRefsNonNull.tsx", "realistic/listenerRefsNonNull.fixed.tsx", "--fix"),
        ("realistic/castSubscription.ts", "realistic/castSubscription.fixed.ts", "--fix"),
        ("realistic/handlerTwoSpace.ts", "realistic/handlerTwoSpace.fixed.ts", "--fix"),
        ("realistic/handlerCrlf.ts", "realistic/handlerCrlf.fixed.ts", "--fix"),
        ("realistic/handlerReviewOrder.ts", "realistic/handlerReviewOrder.fixed.ts", "--fix"),
        ("realistic/handlerCallBlockBody.ts", "realistic/handlerCallBlockBody.fixed.ts", "--fix"),
        ("realistic/handlerCallExpressionBody.ts", "realistic/handlerCallExpressionBody.fixed.ts", "--fix"),
        // An async handler returning `Promise.resolve({ … })` carries the behavior object too.
        ("realistic/handlerAsyncPromiseResolve.ts", "realistic/handlerAsyncPromiseResolve.fixed.ts", "--fix"),
        ("realistic/contradictionAlertOn.ts", "realistic/contradictionAlertOn.fixed.ts", "--fix-unsafe"),
    ]

    @Test func fixRoundTripsOnTheFixtures() throws {
        for fixture in Self.fixFixtures {
            let directory = try Self.temporaryDirectory()
            let source = Self.packageRoot.appendingPathComponent("TestCorpus/fixes")
            let target = directory.appendingPathComponent(fixture.input)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source.appendingPathComponent(fixture.input), to: target)
            try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target.path)
            let dryRun = Self.run(["--fix-dry-run", fixture.flag, fixture.input], in: directory)
            // A fix that deletes a comment says so first, in `# granted-lint:` lines.
            let diff = dryRun.output.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("# granted-lint: ") }.joined(separator: "\n")
            #expect(diff.hasPrefix("--- a/\(fixture.input)\n+++ b/\(fixture.input)\n@@ "), "\(dryRun.output)")
            let original = try Data(contentsOf: source.appendingPathComponent(fixture.input))
            #expect(try Data(contentsOf: target) == original, "dry run writes nothing")

            let first = Self.run([fixture.flag, fixture.input], in: directory)
            #expect(first.output.contains("Fixed "))
            let expected = try String(contentsOf: source.appendingPathComponent(fixture.expected), encoding: .utf8)
            #expect(try String(contentsOf: target, encoding: .utf8) == expected, "\(fixture.input)")
            let attributes = try FileManager.default.attributesOfItem(atPath: target.path)
            #expect((attributes[.posixPermissions] as? Int) == 0o640, "mode preserved")

            let second = Self.run([fixture.flag, fixture.input], in: directory)
            #expect(second.output.contains("Fixed 0 problems in 0 files."))
            #expect(try String(contentsOf: target, encoding: .utf8) == expected)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path).filter { $0.hasPrefix(".") }
            #expect(leftovers.isEmpty)
        }
    }

    /// `async (n) => ({ shouldShowAlert: shouldAlert(n), ... })`: the safe fix runs the call once.
    @Test func aCallInAnExpressionBodyRunsOnceAfterTheSafeFix() throws {
        let directory = try Self.temporaryDirectory()
        try FileManager.default.copyItem(
            at: Self.packageRoot.appendingPathComponent("TestCorpus/fixes/realistic/handlerCallExpressionBody.ts"),
            to: directory.appendingPathComponent("handler.ts")
        )
        let run = Self.run(["--fix", "handler.ts"], in: directory)
        #expect(run.output.contains("Fixed 1 problem in 1 file."), "\(run.output)")
        let fixed = try String(contentsOf: directory.appendingPathComponent("handler.ts"), encoding: .utf8)
        let handler = try #require(fixed.range(of: "Notifications.setNotificationHandler(")).lowerBound
        #expect(fixed[handler...].components(separatedBy: "shouldAlert(n)").count == 2, "the call once:\n\(fixed)")
        #expect(fixed.contains("const showAlert = shouldAlert(n);"))
        #expect(!fixed.contains("shouldShowAlert"))
    }

    @Test func aFixThatDeletesACommentSaysSo() throws {
        let directory = try Self.temporaryDirectory()
        try FileManager.default.copyItem(
            at: Self.packageRoot.appendingPathComponent("TestCorpus/fixes/realistic/contradictionAlertOn.ts"),
            to: directory.appendingPathComponent("handler.ts")
        )
        let finding = try #require(TextReportFinding.parse(Self.run(["handler.ts"], in: directory).output).first)
        #expect(finding.description == "handler.ts:6:5: warning: `shouldShowAlert: true` contradicts `shouldShowBanner: false` and `shouldShowList: false` [deprecated-should-show-alert]")
        #expect(finding.notes.first?.hasPrefix("on SDK 53 and later the new keys decide") == true, "\(finding.notes)")
        #expect(finding.fix?.hasPrefix("fix (unsafe, --fix-unsafe): Remove `shouldShowAlert`") == true, "\(finding.fix ?? "no fix")")
        // The fix's note and the line it removes, in the report itself.
        #expect(finding.lines.contains { $0.hasSuffix("|   deletes the comment `// ✅ show banner/alert // expect: deprecated-should-show-alert` with the `shouldShowAlert` line it belonged to") },
                "\(finding.lines.joined(separator: "\n"))")
        #expect(finding.lines.contains("6 -     shouldShowAlert: true, // ✅ show banner/alert // expect: deprecated-should-show-alert"))
        #expect(Self.run(["--fix", "handler.ts"], in: directory).output.contains("Fixed 0 problems"), "the contradiction's fix is unsafe")
        let dryRun = Self.run(["--fix-dry-run", "--fix-unsafe", "handler.ts"], in: directory)
        #expect(dryRun.output.hasPrefix("# granted-lint: handler.ts: the fix deletes the comment `// ✅ show banner/alert"))
        let applied = Self.run(["--fix-unsafe", "handler.ts"], in: directory)
        #expect(applied.output.contains("handler.ts: the fix deletes the comment `// ✅ show banner/alert"))
    }

    @Test func safeFixLeavesUnsafeOnesAndUntouchedFilesAlone() throws {
        let directory = try Self.temporaryDirectory()
        try FileManager.default.copyItem(
            at: Self.packageRoot.appendingPathComponent("TestCorpus/fixes/unsafeBehavior.ts"),
            to: directory.appendingPathComponent("unsafe.ts")
        )
        try Self.write(Self.blindCheck, to: "untouched.ts", in: directory)
        let untouched = directory.appendingPathComponent("untouched.ts").path
        let before = try FileManager.default.attributesOfItem(atPath: untouched)
        let run = Self.run(["--fix", "--format", "concise", "."], in: directory)
        #expect(run.output.contains("Fixed 1 problem in 1 file."))
        #expect(run.output.contains("unsafe.ts:14:11: warning: `shouldShowAlert`"), "the unsafe one remains: \(run.output)")
        // The unsafe handler fix and the blind check's repair (a suggestion) remain, and it says how.
        #expect(run.output.contains("2 more with --fix-unsafe"), "and says how to apply them: \(run.output)")
        let after = try FileManager.default.attributesOfItem(atPath: untouched)
        #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int, "not rewritten")
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
    }

    @Test func fixAndStagedCannotBeCombined() {
        #expect(Self.run(["--fix", "--staged"]).status == 2)
    }

    // MARK: Rule docs

    @Test func explainPrintsTheRuleDocumentation() {
        let run = Self.run(["explain", "provisional-blind-check"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("# provisional-blind-check\n"))
        #expect(run.output.contains("## Why is this bad?"))
        #expect(run.output.contains("## Reported"))
        #expect(Self.run(["explain", "nope"]).status == 2)
    }
}

/// The generated rules reference under docs/rules matches the rule descriptions.
struct RuleDocsTests {
    @Test func rulesReferenceIsInSync() throws {
        let directory = TestSupport.packageRoot.appendingPathComponent("docs/rules")
        let expected = RuleDocs.files(for: BuiltinRules.all.map { $0.description } + EngineRules.all)
        for (name, content) in expected {
            let actual = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            #expect(actual == content, "docs/rules/\(name) is out of date: run `swift run granted-lint rule-docs docs/rules`")
        }
        let present = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".md") }
        #expect(Set(present) == Set(expected.map(\.0)), "docs/rules has pages for rules that do not exist")
    }
}

/// The project-level part of channel-after-permission-request.
extension CLITests {
    @Test func projectWithoutAnyChannelGetsOneNote() throws {
        let directory = try Self.temporaryDirectory()
        let request = """
        import * as Notifications from 'expo-notifications';
        export const ask = () => Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } });

        """
        try Self.write(request, to: "b.ts", in: directory)
        try Self.write(request, to: "a.ts", in: directory)
        let run = Self.run(["--format", "concise", "."], in: directory)
        let note = run.output.split(separator: "\n").filter { $0.hasSuffix(" [channel-after-permission-request]") }
        #expect(note.count == 1, "one note per project: \(run.output)")
        #expect(note.first?.hasPrefix("a.ts:2:26: note: `Notifications.") == true, "on the first request: \(run.output)")
        #expect(note.first?.hasSuffix("`: the project creates no notification channel [channel-after-permission-request]") == true, "\(run.output)")
        #expect(run.status == 0, "a note does not fail the run")
        let full = TextReportFinding.parse(Self.run(["."], in: directory).output).filter { $0.rule == "channel-after-permission-request" }
        #expect(full.count == 1 && full.first?.location == "a.ts:2:26", "\(full)")
        #expect(full.first?.notes == ["on Android 13+ the permission prompt does not appear until a notification channel exists"], "\(full)")
        #expect(full.first?.help?.contains("`setNotificationChannelAsync`") == true, "\(full)")
        try Self.write("import * as N from 'expo-notifications';\nexport const setUp = () => N.setNotificationChannelAsync('default', { name: 'Default', importance: 4 });\n", to: "channels.ts", in: directory)
        let withChannel = Self.run(["--format", "concise", "."], in: directory)
        #expect(withChannel.output.contains("(3 checked).") && !withChannel.output.contains("[channel-after-permission-request]"), "\(withChannel.output)")
    }
}

/// `granted-lint inventory`.
extension CLITests {
    @Test func inventoryOfTheExampleAppListsEverySite() throws {
        let run = Self.run(["inventory", "--format", "json", "TestCorpus/example-app"], in: Self.packageRoot)
        #expect(run.status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(root["tool"] as? String == "granted-lint")
        let sites = try #require(root["sites"] as? [[String: Any]])
        for site in sites {
            for key in ["path", "library", "kind", "what"] { #expect((site[key] as? String)?.isEmpty == false, "\(key)") }
            #expect((site["line"] as? Int ?? 0) >= 1 && (site["column"] as? Int ?? 0) >= 1)
            #expect(["read", "request", "decision"].contains(site["kind"] as? String ?? ""))
            if site["kind"] as? String == "decision" {
                #expect(["blind", "provisional-aware", "android-only"].contains(site["decision"] as? String ?? ""))
            } else {
                #expect(site["decision"] is NSNull)
            }
            if site["kind"] as? String == "request" {
                #expect(["provisional", "full", "unknown"].contains(site["provisional"] as? String ?? ""))
                #expect(site["guarded"] is Bool)
            } else {
                #expect(site["provisional"] is NSNull && site["guarded"] is NSNull)
            }
        }
        /// `provisional guarded`, `full unguarded`, ... for the request at path:line.
        func request(_ path: String, _ line: Int) -> String? {
            sites.first { $0["path"] as? String == "TestCorpus/example-app/\(path)" && $0["line"] as? Int == line && $0["kind"] as? String == "request" }
                .map { "\($0["provisional"] as? String ?? "?") \(($0["guarded"] as? Bool).map { $0 ? "guarded" : "unguarded" } ?? "?")" }
        }
        func has(_ path: String, _ line: Int, _ kind: String, _ decision: String? = nil) -> Bool {
            sites.contains { $0["path"] as? String == "TestCorpus/example-app/\(path)" && $0["line"] as? Int == line
                && $0["kind"] as? String == kind && (decision == nil || $0["decision"] as? String == decision) }
        }
        // Every provisional-blind-check finding of the example app is a blind decision in the inventory.
        let lint = Self.run(["--format", "json", "TestCorpus/example-app"], in: Self.packageRoot)
        let findings = try #require((try JSONSerialization.jsonObject(with: Data(lint.output.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
        let blind = findings.filter { $0["rule"] as? String == "provisional-blind-check" }
        #expect(blind.count == 4)
        for finding in blind {
            let path = (finding["path"] as? String ?? "").replacingOccurrences(of: "TestCorpus/example-app/", with: "")
            #expect(has(path, finding["line"] as? Int ?? 0, "decision", "blind"), "\(path)")
        }
        #expect(has("src/notifications/registerForPushNotifications.ts", 24, "read"))
        #expect(has("src/notifications/registerForPushNotifications.ts", 27, "request"))
        // The copied snippet asks fully, after its (blind) status test; the quiet onboarding request tests nothing first.
        #expect(request("src/notifications/registerForPushNotifications.ts", 27) == "full guarded")
        #expect(request("src/notifications/quietOnboarding.ts", 8) == "provisional unguarded")
        #expect(request("src/notifications/permissions.ts", 20) == "provisional guarded")
        #expect(has("src/notifications/permissions.ts", 9, "decision", "provisional-aware"))
        #expect(has("src/notifications/pushStatus.ts", 6, "read"), "the project wrapper counts as a read")
        let summary = try #require(root["summary"] as? [String: Int])
        #expect(summary["blind"] == blind.count)
        #expect(summary["decisions"] == sites.filter { $0["kind"] as? String == "decision" }.count)
    }

    @Test func inventoryTextAndMarkdownAndAndroidOnly() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write("""
        import * as Notifications from 'expo-notifications';
        import { Platform } from 'react-native';

        export async function check() {
          const { granted } = await Notifications.getPermissionsAsync();
          if (Platform.OS === 'android') return granted;
          return false;
        }

        export const askQuietly = (mode: string) =>
          Notifications.requestPermissionsAsync({ ios: { allowProvisional: mode === 'quiet' } });

        """, to: "a.ts", in: directory)
        let text = Self.run(["inventory", "."], in: directory)
        // The header says where provisional devices come from (the quiet request, from an expression).
        #expect(text.output.hasPrefix("Provisional authorization requested at: a.ts:11\n\nLOCATION"), "\(text.output)")
        #expect(text.output.contains("a.ts:6"))
        #expect(text.output.contains("android-only"))
        #expect(text.output.contains("unknown, unguarded"), "\(text.output)")
        #expect(text.output.contains("1 reads, 1 requests, 1 decisions (0 provisional-blind, 0 provisional-aware, 1 Android-only)."))
        let markdown = Self.run(["inventory", "--format", "markdown", "."], in: directory)
        #expect(markdown.output.hasPrefix("Provisional authorization requested at: a.ts:11\n\n| location | library | kind | decision | request | what |\n| --- |"))
        #expect(markdown.output.contains("| request |  | unknown, unguarded | `requestPermissionsAsync` |"), "\(markdown.output)")
        #expect(Self.run(["inventory", "--format", "sarif", "."], in: directory).status == 2)
    }
}
