import Foundation
import GrantedCLI
import GrantedLinter
import GrantedRules
import Testing
import TestSupport

/// What a finding says, in parts: `message` is one short sentence about this code (at most
/// `RuleMessage.maximumMessageLength` characters, starting with the code or the API it is about in
/// backticks, no final period); why is in `notes`, what to write instead in `help`. Checked on every
/// finding of the corpus and on every message the rules declare.
struct MessageTests {
    static let corpusRoot = TestSupport.packageRoot.appendingPathComponent("TestCorpus")

    /// Every rule whose messages a run may show: the built-in ones and the engine's own.
    static let descriptions: [RuleDescription] = BuiltinRules.all.map { $0.description } + EngineRules.all

    /// The fixture directories, each linted as the command line lints it: the example app, the
    /// directories of TestCorpus/ with loose fixtures, and each case of rules/, cross-file/ and
    /// evidence/ (a case of evidence/ is a project of its own).
    static let fixtureDirectories: [String] = {
        var directories = ["example-app", "reporting", "fixes", "grammar", "variants"]
        for group in ["rules", "cross-file", "evidence"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: corpusRoot.appendingPathComponent(group).path)) ?? []
            directories += names.sorted().filter { name in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: corpusRoot.appendingPathComponent("\(group)/\(name)").path, isDirectory: &isDirectory)
                    && isDirectory.boolValue
            }.map { "\(group)/\($0)" }
        }
        return directories
    }()

    struct Finding: CustomStringConvertible {
        let directory: String
        let path: String
        let line: Int
        let rule: String
        let message: String
        let notes: [String]
        let help: String?
        var description: String { "\(path):\(line) [\(rule)] \(message) | notes: \(notes) | help: \(help ?? "none")" }
    }

    /// The findings of one directory of the corpus (or any path), from the JSON report of an
    /// in-process run.
    static func findings(in directory: String, path: String? = nil) throws -> [Finding] {
        var output = ""
        var errors = ""
        let path = path ?? corpusRoot.appendingPathComponent(directory).path
        let status = GrantedCLI.run(
            ["--format", "json", path],
            standardOutput: { output += $0 }, standardError: { errors += $0 }, isTerminal: false
        )
        #expect(status == 0 || status == 1, "\(directory): exit \(status): \(errors)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(directory): \(output)")
        let findings = try #require(root["findings"] as? [[String: Any]])
        return try findings.map { finding in
            Finding(
                directory: directory,
                path: try #require(finding["path"] as? String),
                line: try #require(finding["line"] as? Int),
                rule: try #require(finding["rule"] as? String),
                message: try #require(finding["message"] as? String),
                notes: try #require(finding["notes"] as? [String]),
                help: finding["help"] as? String
            )
        }
    }

    /// The corpus's findings, linted once for the tests below.
    static let corpusFindings: Result<[Finding], any Error> = Result {
        try fixtureDirectories.flatMap { try findings(in: $0) }
    }

    /// What a message must look like; nil when it does, else what is wrong.
    static func problem(withMessage message: String, rule: String) -> String? {
        if message.count > RuleMessage.maximumMessageLength { return "longer than \(RuleMessage.maximumMessageLength) characters (\(message.count))" }
        if message.hasSuffix(".") { return "ends with a period" }
        if message.contains(where: \.isNewline) { return "spans lines" }
        if rule == EngineRules.syntaxError.id {
            return message.hasPrefix("Syntax error: ") ? nil : "a syntax error's message starts with `Syntax error: `"
        }
        guard message.hasPrefix("`") else { return "does not start with the code or API it is about, in backticks" }
        // The quoted code is closed: a backtick after the opening one.
        guard message.dropFirst().contains("`") else { return "the quoted code is not closed" }
        return nil
    }

    // MARK: The corpus

    @Test func everyFindingOfTheCorpusHasAShortMessageAboutItsCode() throws {
        let findings = try Self.corpusFindings.get()
        // The corpus exercises every rule (and the engine's suppression check), so this cannot pass
        // on an empty run.
        let seen = Set(findings.map(\.rule))
        let expected = Set(BuiltinRules.all.map { $0.description.id } + [EngineRules.unusedSuppression.id])
        #expect(seen.isSuperset(of: expected), "rules without a finding in the corpus: \(expected.subtracting(seen).sorted())")
        #expect(findings.count >= 100, "\(findings.count) findings")
        for finding in findings {
            if let problem = Self.problem(withMessage: finding.message, rule: finding.rule) {
                Issue.record("\(finding.directory): the message \(problem): \(finding)")
            }
            // The other parts say why or what to do instead; a part is one line.
            #expect(!finding.notes.isEmpty || finding.help != nil, "\(finding.directory): a finding says more than its message: \(finding)")
            for part in finding.notes + [finding.help].compactMap({ $0 }) {
                #expect(!part.isEmpty && !part.contains(where: \.isNewline) && RuleMessage.placeholders(in: part).isEmpty, "\(finding.directory): \(finding)")
            }
        }
    }

    /// The rules checked by the message shape fail on the findings of the old format (one paragraph
    /// that said everything: what, why, evidence and fix), so the test above means something.
    @Test func theShapeCheckRejectsParagraphMessages() {
        let paragraphs = [
            ("provisional-blind-check", "Provisional-blind check: a provisionally authorized iOS device reads `status: 'undetermined'`, `granted: false`, so comparing the root status with 'granted' treats a device that can receive notifications as not permitted. Also accept `ios?.status` IosAuthorizationStatus.PROVISIONAL / EPHEMERAL."),
            ("request-when-denied", "This request runs without checking whether the user already declined: a denied device is never prompted again, the call just returns the denial."),
            ("deprecated-should-show-alert", "`shouldShowAlert` is deprecated since expo-notifications SDK 53 and logs a warning for every notification; use `shouldShowBanner` and `shouldShowList` instead."),
            ("unused-suppression", "Unused suppression: no finding here to silence."),
            ("provisional-blind-check", "`status === 'granted'` rejects provisionally authorized iOS devices."),
            ("provisional-blind-check", "`status === 'granted rejects provisionally authorized iOS devices"),
            ("syntax-error", "unexpected `=`"),
        ]
        for (rule, message) in paragraphs {
            #expect(Self.problem(withMessage: message, rule: rule) != nil, "\(message)")
        }
        #expect(Self.problem(withMessage: "`status === 'granted'` rejects provisionally authorized iOS devices", rule: "provisional-blind-check") == nil)
        #expect(Self.problem(withMessage: "Syntax error: unexpected `=`", rule: "syntax-error") == nil)
    }

    /// A syntax error reported as a finding (`--strict-syntax`) has the same shape, its description
    /// quoted from the parser.
    @Test func aSyntaxErrorFindingHasTheSameShape() throws {
        let directory = try CLITests.temporaryDirectory()
        try CLITests.write("import 'expo-notifications';\nconst broken = ;\n", to: "broken.ts", in: directory)
        var output = ""
        _ = GrantedCLI.run(["--format", "json", "--strict-syntax", directory.appendingPathComponent("broken.ts").path],
                           standardOutput: { output += $0 }, standardError: { _ in }, isTerminal: false)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let finding = try #require((root["findings"] as? [[String: Any]])?.first)
        let message = try #require(finding["message"] as? String)
        #expect(finding["rule"] as? String == EngineRules.syntaxError.id)
        #expect(Self.problem(withMessage: message, rule: EngineRules.syntaxError.id) == nil, "\(message)")
        #expect(finding["notes"] as? [String] == ["the file was checked as far as it could be parsed"])
    }

    // MARK: What the rules declare

    /// A template with every placeholder filled with `value`.
    static func arguments(for message: RuleMessage, value: String) -> [String: String] {
        let names = RuleMessage.placeholders(in: message.message)
            + message.notes.flatMap(RuleMessage.placeholders(in:))
            + (message.help.map(RuleMessage.placeholders(in:)) ?? [])
        return Dictionary(names.map { ($0, value) }, uniquingKeysWith: { first, _ in first })
    }

    @Test(arguments: descriptions.map(\.id))
    func declaredMessagesAreUniqueShortAndStartWithTheCode(_ id: String) throws {
        let description = try #require(Self.descriptions.first { $0.id == id })
        #expect(!description.messages.isEmpty, "\(id) declares its messages")
        let ids = description.messages.map(\.id)
        #expect(Set(ids).count == ids.count, "\(id): message ids are unique within the rule: \(ids)")
        #expect(description.messageTable.count == ids.count)
        for message in description.messages {
            let template = message.message
            let where_ = "\(id).\(message.id)"
            #expect(!message.id.isEmpty && !message.id.contains(" "), "\(where_)")
            if id == EngineRules.syntaxError.id {
                #expect(template.hasPrefix("Syntax error"), "\(where_): \(template)")
            } else {
                #expect(template.hasPrefix("`"), "\(where_): starts with the code or API it is about: \(template)")
            }
            #expect(!template.hasSuffix(".") && !template.contains(where: \.isNewline), "\(where_): one sentence, no final period: \(template)")
            for part in message.notes + [message.help].compactMap({ $0 }) {
                #expect(!part.isEmpty && !part.contains(where: \.isNewline), "\(where_): \(part)")
            }
            // Filled with short code, the message is as written; filled with long code, the code is
            // elided and the message still fits.
            let short = message.rendered(Self.arguments(for: message, value: "x"))
            #expect(([short.message] + short.notes + [short.help].compactMap { $0 }).allSatisfy { RuleMessage.placeholders(in: $0).isEmpty },
                    "\(where_): every placeholder is filled: \(short)")
            #expect(Self.problem(withMessage: short.message, rule: id) == nil, "\(where_): \(short.message)")
            let long = message.rendered(Self.arguments(for: message, value: String(repeating: "Notifications.getPermissionsAsync() ", count: 12)))
            #expect(long.message.count <= RuleMessage.maximumMessageLength, "\(where_): \(long.message.count) characters with long code: \(long.message)")
        }
    }

    /// Every message a rule declares is one its findings say somewhere in the corpus or in its own
    /// triggering examples (a declared message nothing reports is dead, or untested). A finding says
    /// a message when its message, its first notes and its help are the template's, whatever fills
    /// the placeholders (two messages may share the message and differ in the help).
    @Test func everyDeclaredMessageIsSaidByAFinding() throws {
        var said: [String: [(message: String, notes: [String], help: String?)]] = [:]
        for finding in try Self.corpusFindings.get() {
            said[finding.rule, default: []].append((finding.message, finding.notes, finding.help))
        }
        // The engine's suppression check has no examples of its own: a comment of each kind.
        let directory = try CLITests.temporaryDirectory()
        try CLITests.write("""
        import * as Notifications from 'expo-notifications';
        export async function a() {
          const { status } = await Notifications.getPermissionsAsync();
          // granted-lint-disable-next-line provisional-blind-check, request-when-denied
          if (status === 'granted') return 1;
          return 0; // granted-lint-disable-line provisional-blnd-check
        }
        // granted-lint-disable-next-line
        export const quiet = true;

        """, to: "suppressions.ts", in: directory)
        let suppressions = try Self.findings(in: "suppressions", path: directory.appendingPathComponent("suppressions.ts").path)
        #expect(suppressions.filter { $0.rule == EngineRules.unusedSuppression.id }.map(\.line) == [4, 6, 8], "\(suppressions)")
        for finding in suppressions {
            #expect(Self.problem(withMessage: finding.message, rule: finding.rule) == nil, "\(finding)")
            said[finding.rule, default: []].append((finding.message, finding.notes, finding.help))
        }
        for rule in BuiltinRules.all {
            for example in rule.description.triggeringExamples {
                let code = TestSupport.stripMarkers(example.code).code
                for diagnostic in TestSupport.lint(code, path: example.path, rules: [rule]).diagnostics {
                    said[diagnostic.ruleId, default: []].append((diagnostic.message, diagnostic.notes, diagnostic.help))
                }
            }
        }
        for description in Self.descriptions where description.id != EngineRules.syntaxError.id {
            for message in description.messages {
                let pattern = Self.pattern(message)
                let matched = (said[description.id] ?? []).contains { words in
                    Self.matches(pattern.message, words.message)
                        && words.notes.count >= pattern.notes.count
                        && zip(pattern.notes, words.notes).allSatisfy { Self.matches($0, $1) }
                        && (pattern.help == nil ? words.help == nil : words.help.map { Self.matches(pattern.help!, $0) } == true)
                }
                #expect(matched, "\(description.id).\(message.id) is said by no finding of the corpus or the rule's examples: \(message.message)")
            }
        }
    }

    /// A template as a regular expression: the placeholders match anything.
    static func regex(_ template: String) -> NSRegularExpression {
        var pattern = "^"
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            pattern += NSRegularExpression.escapedPattern(for: String(rest[..<open])) + ".+"
            rest = rest[rest.index(after: close)...]
        }
        pattern += NSRegularExpression.escapedPattern(for: String(rest)) + "$"
        return try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
    }

    static func pattern(_ message: RuleMessage) -> (message: NSRegularExpression, notes: [NSRegularExpression], help: NSRegularExpression?) {
        (regex(message.message), message.notes.map(regex), message.help.map(regex))
    }

    static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
