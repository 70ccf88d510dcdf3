import Foundation
import GrantedCLI
import GrantedSemantics
import GrantedRules
import GrantedSyntax
import Testing
import TestSupport

/// Files the parser reads only with error recovery: a notification about the tool, never a failing
/// finding (unless asked for), and valid code the grammar used to reject parses cleanly.
extension CLITests {
    static let grammarFixtures = TestSupport.sourceFiles(under: packageRoot.appendingPathComponent("TestCorpus/grammar"))

    @Test func everyGrammarGapFixtureParsesWithoutRecovery() throws {
        #expect(Self.grammarFixtures.count >= 6)
        for fixture in Self.grammarFixtures {
            let bytes = Array(try Data(contentsOf: fixture))
            let file = try #require(SourceFile(path: fixture.path, bytes: bytes))
            let tree = try #require(SyntaxParser(grammar: file.grammar).parse(file.text))
            let errors = tree.syntaxErrors().map { "\(file.text.position(of: $0.startByte)): \($0.text.prefix(40))" }
            #expect(errors.isEmpty, "\(fixture.lastPathComponent) needs error recovery at \(errors)")
        }
    }

    @Test func grammarGapRewritesKeepTheTextAsWritten() throws {
        // `abstract` is read as another name of the same length, but every node shows the user's text.
        let source = SourceText("type Paper = { abstract: string };\nconst f = ({ abstract }: Paper) => abstract;\n")
        let tree = try #require(SyntaxParser(grammar: .typescript).parse(source))
        #expect(tree.syntaxErrors().isEmpty)
        var names: [String] = []
        tree.walk { node in
            if node.kind == "property_identifier" || node.kind == "shorthand_property_identifier_pattern" { names.append(node.text) }
            return true
        }
        #expect(names.contains("abstract"))
        #expect(!names.contains("_bstract"))
        // Real syntax errors stay errors: no rewrite makes them parse.
        let broken = try #require(SyntaxParser(grammar: .typescript).parse(SourceText("const x = ;\nconst abstract = < 1;\n")))
        #expect(!broken.syntaxErrors().isEmpty)
    }

    static let brokenScreen = """
    import * as Notifications from 'expo-notifications';
    import { askForPush } from './permissions';

    export async function register() {
      const { status } = await Notifications.getPermissionsAsync();
      const ios = status === 'granted' || (await askForPush());
      return ios ? : null;
    }

    """

    @Test func aGenuineSyntaxErrorIsANotificationThatNeverFails() throws {
        let directory = try Self.temporaryDirectory()
        // (It mentions a notification module: files that mention none are not even parsed.)
        try Self.write("import 'expo-notifications';\nconst broken = ;\nexport const x = 1;\n", to: "broken.ts", in: directory)
        let text = Self.run(["broken.ts"], in: directory)
        #expect(text.status == 0)
        #expect(text.output.contains("1 file could only be parsed with error recovery"))
        #expect(text.output.contains("broken.ts: could only be parsed with error recovery at 2:14 (unexpected `=`)"))
        #expect(Self.run(["--fail-on", "note", "--max-warnings", "0", "broken.ts"], in: directory).status == 0)

        let json = Self.run(["--format", "json", "broken.ts"], in: directory)
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let problem = try #require((object["problems"] as? [[String: Any]])?.first)
        #expect(problem["kind"] as? String == "parse-recovery")
        #expect(problem["line"] as? Int == 2)
        #expect((object["summary"] as? [String: Any])?["filesParsedWithRecovery"] as? Int == 1)
        #expect((object["summary"] as? [String: Any])?["unanalysedFiles"] as? Int == 0)

        let sarif = Self.run(["--format", "sarif", "broken.ts"], in: directory)
        #expect(sarif.status == 0)
        #expect(try Self.schemaViolation(sarif.output) == nil)
        let sarifRun = try Self.checkCodeScanningRequirements(sarif.output)
        let invocation = try #require((sarifRun["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == true)
        let notification = try #require((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        #expect(notification["level"] as? String == "warning")
        let location = (notification["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect((location?["region"] as? [String: Any])?["startLine"] as? Int == 2)
        #expect((sarifRun["results"] as? [Any])?.isEmpty == true)

        let github = Self.run(["--format", "github", "broken.ts"], in: directory)
        #expect(github.output.contains("::notice file=broken.ts,line=2,col=14,title=granted-lint::broken.ts: could only be parsed"))
    }

    @Test func strictSyntaxMakesItAFindingFromTheFlagOrTheConfiguration() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write("import 'expo-notifications';\nconst broken = ;\n", to: "broken.ts", in: directory)
        let flag = Self.run(["--strict-syntax", "--format", "concise", "broken.ts"], in: directory)
        #expect(flag.status == 1)
        #expect(flag.output.contains("broken.ts:2:14: error: Syntax error: unexpected `=` [syntax-error]"), "\(flag.output)")
        let full = TextReportFinding.parse(Self.run(["--strict-syntax", "broken.ts"], in: directory).output)
        #expect(full.map(\.description) == ["broken.ts:2:14: error: Syntax error: unexpected `=` [syntax-error]"], "\(full)")
        #expect(full.first?.notes == ["the file was checked as far as it could be parsed"])
        #expect(full.first?.help?.contains("--strict-syntax") == true)
        try Self.write(#"{ "strictSyntax": true }"#, to: ".granted-lint.json", in: directory)
        let configured = Self.run(["broken.ts"], in: directory)
        #expect(configured.status == 1)
        #expect(configured.output.contains("[syntax-error]"))
        try Self.write(#"{ "strictSyntax": "yes" }"#, to: ".granted-lint.json", in: directory)
        let wrong = Self.run(["broken.ts"], in: directory)
        #expect(wrong.status == 2)
        #expect(wrong.errors.contains("\"strictSyntax\" must be true or false"))
    }

    @Test func theSameFileGivesTheSameExitCodeAloneAndWithItsProject() throws {
        // A screen that imports a permission wrapper is parsed in a whole-project run and not when
        // linted alone (nothing in it can be a finding by itself): its syntax error must not decide.
        let directory = try Self.temporaryDirectory()
        try Self.write("""
        import * as Notifications from 'expo-notifications';

        export async function readPush() {
          return Notifications.getPermissionsAsync();
        }

        """, to: "src/permissions.ts", in: directory)
        try Self.write("import { readPush } from './permissions';\nexport const Screen = () => <Text>{readPush</Text>;\n", to: "src/Screen.tsx", in: directory)
        try Self.write(#"{ "rules": { "channel-after-permission-request": "off" } }"#, to: ".granted-lint.json", in: directory)
        let alone = Self.run(["src/Screen.tsx"], in: directory)
        let project = Self.run(["src"], in: directory)
        #expect(project.output.contains("src/Screen.tsx: could only be parsed with error recovery"), "\(project.output)")
        #expect(alone.status == 0, "\(alone.output)")
        #expect(project.status == alone.status, "\(project.output)")
    }

    @Test func recoveryInsideAPermissionFunctionSaysWhereFindingsMayBeMissing() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write("export async function askForPush() { return true; }\n", to: "permissions.ts", in: directory)
        try Self.write(Self.brokenScreen, to: "register.tsx", in: directory)
        let run = Self.run(["--format", "concise", "register.tsx"], in: directory)
        #expect(run.output.contains("register.tsx:6:15: warning: `status === 'granted'` rejects provisionally authorized iOS devices [provisional-blind-check]"),
                "checked as far as it parses: \(run.output)")
        #expect(run.output.contains("analysis may be incomplete between lines 4 and 8 (`register`, which works with notification permission)"), "\(run.output)")
        let inventory = Self.run(["inventory", "--format", "json", "register.tsx"], in: directory)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(inventory.output.utf8)) as? [String: Any])
        let sites = try #require(object["sites"] as? [[String: Any]])
        #expect(!sites.isEmpty)
        #expect(sites.allSatisfy { $0["incompleteAnalysis"] as? Bool == true })
        // A clean file's sites are not marked.
        try Self.write(Self.brokenScreen.replacingOccurrences(of: "ios ? : null", with: "ios ? 1 : null"), to: "register.tsx", in: directory)
        let clean = Self.run(["inventory", "--format", "json", "register.tsx"], in: directory)
        #expect(clean.output.contains("\"incompleteAnalysis\": false"))
        #expect(!clean.output.contains("\"incompleteAnalysis\": true"))
    }
}
