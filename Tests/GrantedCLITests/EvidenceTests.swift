import Foundation
@testable import GrantedCLI
import Testing
import TestSupport

/// Live and latent provisional-blind findings (issue 15), from the command line's point of view.
///
/// Each directory under TestCorpus/evidence/ is a small project (it has a package.json). Its files say
/// what must be reported with `// expect: rule-id=level` comments, and mark every provisional request
/// that may be named as the evidence with `// evidence-site`. A case is live when it has an evidence
/// site (or its `.granted-lint.json` says `"provisional": "requested"`), unless its configuration says
/// `"provisional": "never"`; otherwise it is latent. TestCorpus/evidence/README.md describes the layout.
@Suite(.serialized)
struct EvidenceTests {
    static let evidenceRoot = TestSupport.packageRoot.appendingPathComponent("TestCorpus/evidence")
    static let binary = TestSupport.builtExecutable
    static let rule = "provisional-blind-check"
    static let levels = ["note", "warning", "error"]

    /// The case directories, by name.
    static let cases: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: evidenceRoot.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: evidenceRoot.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }()

    // MARK: Reading a case

    struct Site: Hashable, CustomStringConvertible {
        let path: String
        let line: Int
        var description: String { "\(path):\(line)" }
    }

    struct ExpectedFinding {
        let path: String
        let expectation: TestSupport.Expectation
    }

    struct EvidenceCase {
        let name: String
        let directory: URL
        let expected: [ExpectedFinding]
        let sites: [Site]
        /// The `provisional` configuration key, if the case sets it.
        let provisionalKey: String?
        /// The level `provisional-blind-check` is configured at in the case (default error).
        let configuredLevel: String

        var isLive: Bool { provisionalKey == "requested" || (provisionalKey != "never" && !sites.isEmpty) }
        /// Whether a provisional request may be named: the case has one and does not say "never".
        var namesSites: Bool { provisionalKey != "never" && !sites.isEmpty }
        var latentLevel: String { EvidenceTests.levels[max(0, EvidenceTests.levels.firstIndex(of: configuredLevel)! - 1)] }
    }

    static func load(_ name: String) throws -> EvidenceCase {
        let directory = evidenceRoot.appendingPathComponent(name)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("package.json").path),
                "\(name) has no package.json: it would not be a project of its own")
        var expected: [ExpectedFinding] = []
        var sites: [Site] = []
        for file in TestSupport.sourceFiles(under: directory) {
            let path = String(file.path.dropFirst(directory.path.count + 1))
            let text = try String(contentsOf: file, encoding: .utf8)
            expected += TestSupport.expectations(in: text).map { ExpectedFinding(path: path, expectation: $0) }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("// evidence-site") {
                sites.append(Site(path: path, line: index + 1))
            }
        }
        var provisionalKey: String?
        var configuredLevel = "error"
        let configuration = directory.appendingPathComponent(".granted-lint.json")
        if let data = FileManager.default.contents(atPath: configuration.path) {
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            provisionalKey = object["provisional"] as? String
            if let level = (object["rules"] as? [String: Any])?[rule] as? String { configuredLevel = level }
        }
        return EvidenceCase(
            name: name, directory: directory, expected: expected, sites: sites,
            provisionalKey: provisionalKey, configuredLevel: configuredLevel
        )
    }

    // MARK: Reading a JSON report

    struct Related {
        let path: String?
        let line: Int
        let message: String
    }

    struct Finding: CustomStringConvertible {
        let path: String
        let line: Int
        let column: Int
        let rule: String
        let severity: String
        let message: String
        let notes: [String]
        let help: String?
        let related: [Related]
        var description: String { "\(path):\(line):\(column) \(rule) \(severity): \(message) \(notes)" }

        /// The note a latent finding carries (`latent: <why>`).
        var latentNote: String? { notes.first { $0.hasPrefix("latent: ") } }
        /// The related locations that are a provisional request (a live finding's evidence; the
        /// "where the response came from" entry may be the same request, but says something else).
        var requestLocations: [Related] { related.filter { $0.message.hasPrefix("provisional authorization is requested here") } }
        /// The Firebase truthiness test, wrong whatever the project requests (neither live nor latent).
        var isTruthinessTest: Bool { rule == EvidenceTests.rule && message.hasSuffix("` is truthy for a device that was never asked") }
    }

    struct Report {
        /// The run's evidence, said once (`"evidence"`), or nil when no finding depends on it.
        let evidence: String?
        let findings: [Finding]
    }

    static func report(inJSON output: String) throws -> Report {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "not JSON: \(output)")
        let findings = try #require(root["findings"] as? [[String: Any]])
        #expect(root["evidence"] is NSNull || root["evidence"] is String, "\"evidence\" is a string or null: \(root["evidence"] ?? "missing")")
        return Report(evidence: root["evidence"] as? String, findings: try findings.map { finding in
            Finding(
                path: try #require(finding["path"] as? String),
                line: try #require(finding["line"] as? Int),
                column: try #require(finding["column"] as? Int),
                rule: try #require(finding["rule"] as? String),
                severity: try #require(finding["severity"] as? String),
                message: try #require(finding["message"] as? String),
                notes: try #require(finding["notes"] as? [String]),
                help: finding["help"] as? String,
                related: ((finding["related"] as? [[String: Any]]) ?? []).map { entry in
                    Related(path: entry["path"] as? String, line: entry["line"] as? Int ?? 0, message: entry["message"] as? String ?? "")
                }
            )
        })
    }

    static func findings(inJSON output: String) throws -> [Finding] {
        try report(inJSON: output).findings
    }

    /// A reported path relative to the case directory (reports may give it absolute or relative to
    /// another directory; the part after the case's name is what identifies the file).
    static func pathInCase(_ path: String, _ name: String) -> String {
        guard let range = path.range(of: "evidence/\(name)/") else { return path }
        return String(path[range.upperBound...])
    }

    static func runInProcess(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        var output = ""
        var errors = ""
        let status = GrantedCLI.run(arguments, standardOutput: { output += $0 }, standardError: { errors += $0 }, isTerminal: false)
        return (status, output, errors)
    }

    // MARK: What a finding must say

    /// The site a text names (`… requested at <path>:<line>`: the run's evidence, the inventory's
    /// header, a note), if any.
    static func namedSite(in text: String, among sites: [Site]) -> Site? {
        sites.first { text.contains("\($0.path):\($0.line)") }
    }

    /// Whether a text says where provisional authorization is requested.
    static func saysWhereRequested(_ text: String) -> Bool {
        text.lowercased().contains("provisional authorization is requested at ")
    }

    /// Checks a finding of a live case against the evidence sites. The message is about the code
    /// alone (the run says its evidence once); the finding carries one of the requests as a related
    /// location about provisional authorization (not only the "where the response came from" entry,
    /// which may be the same request), and every request it relates is an evidence site. A related
    /// entry without a `path` is in the finding's own file, as docs/json-format.md has it.
    static func checkNamesASite(_ finding: Finding, _ sites: [Site], case name: String) {
        #expect(!saysWhereRequested(finding.message) && !finding.message.lowercased().contains("provisional authorization is requested"),
                "\(name): the message is about the code, the request is a related location: \(finding)")
        #expect(finding.latentNote == nil, "\(name): a live finding is not latent: \(finding)")
        let requests = finding.requestLocations
        let named = requests.filter { related in
            sites.contains { pathInCase(related.path ?? finding.path, name).hasSuffix($0.path) && related.line == $0.line }
        }
        #expect(!named.isEmpty, "\(name): the finding carries one of the requests \(sites) as a related location (with its path): \(finding.related)")
        #expect(named.count == requests.count, "\(name): every request it relates is one of \(sites): \(finding.related)")
    }

    // MARK: The corpus

    @Test(arguments: cases)
    func caseGetsExactlyTheExpectedFindingsAndLevels(_ name: String) throws {
        let evidenceCase = try Self.load(name)
        let run = Self.runInProcess([evidenceCase.directory.path, "--format", "json"])
        #expect(run.status != 2, "\(name): \(run.errors)")
        let report = try Self.report(inJSON: run.output)
        let findings = report.findings

        // Where the findings are and which rule reports them (a column only where the comment gives one).
        func key(_ path: String, _ line: Int, _ column: Int?, _ rule: String) -> String {
            "\(path):\(line)\(column.map { ":\($0)" } ?? "") \(rule)"
        }
        let expectedKeys = evidenceCase.expected.map {
            key($0.path, $0.expectation.line, $0.expectation.column, $0.expectation.ruleId)
        }.sorted()
        let actualKeys = findings.map { finding -> String in
            let path = Self.pathInCase(finding.path, name)
            let wantsColumn = evidenceCase.expected.contains {
                $0.path == path && $0.expectation.line == finding.line && $0.expectation.ruleId == finding.rule && $0.expectation.column != nil
            }
            return key(path, finding.line, wantsColumn ? finding.column : nil, finding.rule)
        }.sorted()
        #expect(actualKeys == expectedKeys, "\(name): expected \(expectedKeys), got \(actualKeys)")

        // The run states its evidence once, when a finding depends on it.
        let dependent = findings.filter { $0.rule == Self.rule && !$0.isTruthinessTest }
        if dependent.isEmpty {
            #expect(report.evidence == nil, "\(name): no finding depends on the evidence, so the run does not state it: \(report.evidence ?? "")")
        } else {
            let evidence = try #require(report.evidence, "\(name): the run states its evidence once")
            switch evidenceCase.provisionalKey {
            case "requested":
                #expect(evidence.contains(#"`"provisional": "requested"`"#) && evidence.contains("the provisional-blind checks below are live"), "\(name): \(evidence)")
            case "never":
                #expect(evidence.contains(#"`"provisional": "never"`"#) && evidence.contains("the provisional-blind checks below are latent (one level lower)"), "\(name): \(evidence)")
            default:
                if evidenceCase.isLive {
                    #expect(Self.saysWhereRequested(evidence) && evidence.contains("the provisional-blind checks below are live"), "\(name): \(evidence)")
                    #expect(Self.namedSite(in: evidence, among: evidenceCase.sites) != nil, "\(name): names one of \(evidenceCase.sites): \(evidence)")
                } else {
                    #expect(!Self.saysWhereRequested(evidence) && evidence.contains("the provisional-blind checks below are latent (one level lower)"), "\(name): \(evidence)")
                }
            }
        }

        for finding in findings {
            let path = Self.pathInCase(finding.path, name)
            guard let expected = evidenceCase.expected.first(where: {
                $0.path == path && $0.expectation.line == finding.line && $0.expectation.ruleId == finding.rule
            })?.expectation else { continue }
            if let level = expected.level {
                #expect(finding.severity == level, "\(name): \(path):\(finding.line) \(finding.rule) is \(finding.severity), expected \(level)")
            }
            // The message is about the code; live or latent, and why, is in the notes.
            #expect(!finding.message.lowercased().contains("latent") && !Self.saysWhereRequested(finding.message), "\(name): \(finding)")

            switch finding.rule {
            case Self.rule:
                let level = try #require(expected.level, "\(name): give every \(Self.rule) expectation a level")
                if finding.isTruthinessTest {
                    // Not about provisional at all: as configured, neither live nor latent.
                    #expect(level == evidenceCase.configuredLevel, "\(name): the truthiness test is reported as configured")
                    #expect(finding.latentNote == nil && finding.requestLocations.isEmpty && !finding.notes.contains { $0.hasPrefix("live: ") },
                            "\(name): \(finding)")
                } else if evidenceCase.isLive {
                    #expect(level == evidenceCase.configuredLevel, "\(name): a live case expects the configured level")
                    #expect(finding.latentNote == nil, "\(name): a live finding is not latent: \(finding)")
                    if evidenceCase.namesSites { Self.checkNamesASite(finding, evidenceCase.sites, case: name) }
                    if evidenceCase.provisionalKey == "requested" {
                        #expect(finding.notes.contains { $0.hasPrefix("live: the configuration says the app requests provisional authorization") },
                                "\(name): a finding live by configuration says so in a note: \(finding)")
                        #expect(finding.requestLocations.isEmpty, "\(name): there is no request to relate: \(finding.related)")
                    }
                } else {
                    #expect(level == evidenceCase.latentLevel, "\(name): a latent finding is one level lower than \(evidenceCase.configuredLevel)")
                    let note = try #require(finding.latentNote, "\(name): a latent finding says so in a note: \(finding)")
                    #expect(!Self.saysWhereRequested(note) && finding.requestLocations.isEmpty, "\(name): \(finding)")
                    if evidenceCase.provisionalKey == "never" {
                        #expect(note.contains(#"`"provisional": "never"`"#), "\(name): latent by configuration: \(note)")
                    }
                }
            case "missing-allow-provisional":
                // The note says the project asks provisionally elsewhere; the related location says where.
                let projectNote = finding.notes.first { $0.hasPrefix("the project requests provisional authorization") }
                if evidenceCase.namesSites {
                    #expect(projectNote != nil, "\(name): the request is missing what the project asks for elsewhere: \(finding)")
                    #expect(finding.requestLocations.contains { related in
                        evidenceCase.sites.contains { Self.pathInCase(related.path ?? finding.path, name).hasSuffix($0.path) && related.line == $0.line }
                    }, "\(name): relates one of \(evidenceCase.sites): \(finding.related)")
                } else {
                    #expect(projectNote == nil && finding.requestLocations.isEmpty, "\(name): \(finding)")
                }
            default:
                break
            }
        }
    }

    /// The expectations parser reads levels, and two expectations differing only in level are equal
    /// (so CorpusTests, which compares rule, line and column, is unchanged by them).
    @Test func expectationsCarryAnOptionalLevel() {
        let parsed = TestSupport.expectations(in: """
        a(); // expect: provisional-blind-check=warning, missing-allow-provisional@3=note
        b(); // expect: request-when-denied, numeric-authorization-status=error@7
        """)
        #expect(parsed.map(\.description) == [
            "1: provisional-blind-check=warning", "1:3: missing-allow-provisional=note",
            "2: request-when-denied", "2:7: numeric-authorization-status=error",
        ])
        #expect(parsed.map(\.level) == ["warning", "note", nil, "error"])
        #expect(TestSupport.Expectation(line: 1, column: nil, ruleId: "r", level: "error")
            == TestSupport.Expectation(line: 1, column: nil, ruleId: "r"))
        #expect(TestSupport.Expectation(line: 1, column: nil, ruleId: "r", level: "error")
            != TestSupport.Expectation(line: 2, column: nil, ruleId: "r", level: "error"))
    }

    // MARK: SARIF and inventory

    /// A request in another file, and one in the finding's own file.
    @Test(arguments: ["expo-wrapper-module", "firebase-namespaced"])
    func sarifOfALiveCaseIsValidAndRelatesTheRequest(_ name: String) throws {
        let evidenceCase = try Self.load(name)
        let site = try #require(evidenceCase.sites.first)
        let run = Self.runInProcess([evidenceCase.directory.path, "--format", "sarif"])
        #expect(run.status == 1, "\(run.errors)")
        #expect(try CLITests.schemaViolation(run.output) == nil)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let results = try #require(((root["runs"] as? [[String: Any]])?.first)?["results"] as? [[String: Any]])
        let blind = try #require(results.first { $0["ruleId"] as? String == Self.rule })
        let related = (blind["relatedLocations"] as? [[String: Any]]) ?? []
        let requestLocation = related.filter {
            (($0["message"] as? [String: Any])?["text"] as? String)?.lowercased().contains("provisional") == true
        }.compactMap { $0["physicalLocation"] as? [String: Any] }.first { location in
            ((location["artifactLocation"] as? [String: Any])?["uri"] as? String)?.hasSuffix(site.path) == true
        }
        #expect(requestLocation != nil, "\(name): a relatedLocation about the request in \(site.path): \(related)")
        #expect((requestLocation?["region"] as? [String: Any])?["startLine"] as? Int == site.line)
    }

    /// The inventory's header names the evidence (or says `none`), and each provisional-blind
    /// decision is marked live or latent as its finding is.
    @Test(arguments: cases)
    func inventoryHeaderAndDecisionsAgreeWithTheFindings(_ name: String) throws {
        let evidenceCase = try Self.load(name)
        let inventory = Self.runInProcess(["inventory", evidenceCase.directory.path])
        let lines = inventory.output.split(separator: "\n").map(String.init)
        let headers = lines.filter { $0.hasPrefix("Provisional authorization requested at:") }
        #expect(headers.count == 1, "\(name): one header line: \(inventory.output)")
        let header = headers.first ?? ""
        if evidenceCase.sites.isEmpty {
            #expect(header.hasPrefix("Provisional authorization requested at: none"), "\(name): \(header)")
        } else {
            #expect(Self.namedSite(in: header, among: evidenceCase.sites) != nil, "\(name): names one of \(evidenceCase.sites): \(header)")
        }
        if evidenceCase.isLive {
            #expect(!header.contains("latent"), "\(name): the case is live: \(header)")
        }

        let lint = Self.runInProcess([evidenceCase.directory.path, "--format", "json"])
        for finding in try Self.findings(inJSON: lint.output) where finding.rule == Self.rule {
            let location = "\(Self.pathInCase(finding.path, name)):\(finding.line) "
            let row = lines.first { $0.contains(location) && $0.contains(" decision ") }
            // The Firebase truthiness test is wrong whatever the project requests: neither mark.
            if finding.isTruthinessTest {
                #expect(row?.contains("(live)") == false && row?.contains("(latent)") == false, "\(name): \(row ?? "no row")")
                continue
            }
            let mark = finding.latentNote != nil ? "(latent)" : "(live)"
            #expect(row?.contains(mark) == true, "\(name): the decision at \(location)is marked \(mark) as its finding (\(finding.severity)) is: \(row ?? "no row")")
        }
    }

    // MARK: Partial runs read the rest of the project

    @discardableResult
    static func shell(_ command: [String], in directory: URL) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The report is small and standard error smaller: read one, then the other.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }

    static func lintWithBinary(_ arguments: [String], in directory: URL) throws -> Report {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            Issue.record("the granted-lint executable is not built at \(binary.path)")
            return Report(evidence: nil, findings: [])
        }
        let run = try shell([binary.path] + arguments + ["--format", "json"], in: directory)
        #expect(run.status == 1, "\(arguments): exit \(run.status): \(run.errors)")
        return try report(inJSON: run.output)
    }

    static func write(_ text: String, to relative: String, in directory: URL) throws {
        let url = directory.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    static let packageJSON = """
    { "name": "evidence-partial-run", "private": true, "dependencies": { "expo-notifications": "~0.31.0" } }

    """

    /// The request is on line 6.
    static let register = """
    import * as Notifications from 'expo-notifications';

    export async function registerQuietly() {
      const current = await Notifications.getPermissionsAsync();
      if (!current.canAskAgain) return current;
      return Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowProvisional: true } });
    }

    """
    static let requestLine = 6

    /// The blind check is on line 5.
    static let check = """
    import * as Notifications from 'expo-notifications';

    export async function canNotify(): Promise<boolean> {
      const { status } = await Notifications.getPermissionsAsync();
      return status === 'granted';
    }

    """
    static let checkLine = 5

    /// A finding in `checkPath` on the blind check, live and relating the request in `requestPath`;
    /// the run's evidence names that request.
    static func expectLiveCheck(_ report: Report, checkPath: String, requestPath: String, run: String) {
        let findings = report.findings
        #expect(report.evidence.map { saysWhereRequested($0) && $0.contains("\(requestPath):\(requestLine)") && $0.contains("below are live") } == true,
                "\(run): the run's evidence names the request: \(report.evidence ?? "none")")
        let blind = findings.filter { $0.rule == rule }
        #expect(blind.count == 1, "\(run): one \(rule) finding: \(findings)")
        guard let finding = blind.first else { return }
        #expect(finding.path.hasSuffix(checkPath) && finding.line == checkLine, "\(run): \(finding)")
        #expect(finding.severity == "error", "\(run): live, so as configured: \(finding)")
        #expect(finding.latentNote == nil, "\(run): \(finding)")
        #expect(!saysWhereRequested(finding.message), "\(run): the message is about the code: \(finding)")
        #expect(finding.requestLocations.contains { $0.path?.hasSuffix(requestPath) == true && $0.line == requestLine },
                "\(run): relates the request in the file that was not linted: \(finding.related)")
        #expect(!findings.contains { $0.path.hasSuffix(requestPath) }, "\(run): \(requestPath) was only read, not linted: \(findings)")
    }

    /// A git repository with the request committed and unchanged, and an edit to the check staged.
    static func repositoryWithStagedCheck() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("granted-lint-evidence-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try shell(["git", "init", "-q"], in: directory)
        try shell(["git", "config", "user.email", "test@example.com"], in: directory)
        try shell(["git", "config", "user.name", "test"], in: directory)
        try write(packageJSON, to: "package.json", in: directory)
        try write(register, to: "src/register.ts", in: directory)
        try write(check.replacingOccurrences(of: "return status === 'granted';", with: "return true;"), to: "src/check.ts", in: directory)
        try shell(["git", "add", "-A"], in: directory)
        let commit = try shell(["git", "commit", "-q", "-m", "initial"], in: directory)
        #expect(commit.status == 0, "git commit: \(commit.errors)")
        try write(check, to: "src/check.ts", in: directory)
        try shell(["git", "add", "src/check.ts"], in: directory)
        return directory
    }

    @Test func stagedRunReadsTheUnstagedUnchangedRequest() throws {
        let repository = try Self.repositoryWithStagedCheck()
        let status = try Self.shell(["git", "status", "--porcelain"], in: repository)
        #expect(status.output == "M  src/check.ts\n", "only the check is staged: \(status.output)")
        let report = try Self.lintWithBinary(["--staged"], in: repository)
        Self.expectLiveCheck(report, checkPath: "src/check.ts", requestPath: "src/register.ts", run: "--staged")
    }

    @Test func explicitFileRunReadsTheRestOfTheProject() throws {
        let repository = try Self.repositoryWithStagedCheck()
        let report = try Self.lintWithBinary(["src/check.ts"], in: repository)
        Self.expectLiveCheck(report, checkPath: "src/check.ts", requestPath: "src/register.ts", run: "src/check.ts")
    }

    @Test func changedSinceRunReadsTheUnchangedRequest() throws {
        let repository = try Self.repositoryWithStagedCheck()
        let report = try Self.lintWithBinary(["--changed-since", "HEAD"], in: repository)
        Self.expectLiveCheck(report, checkPath: "src/check.ts", requestPath: "src/register.ts", run: "--changed-since HEAD")
    }

    @Test func subdirectoryRunReadsTheRequestInASiblingDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("granted-lint-evidence-\(UUID().uuidString)")
        try Self.write(Self.packageJSON, to: "package.json", in: directory)
        try Self.write(Self.register, to: "src/push/register.ts", in: directory)
        try Self.write(Self.check, to: "src/screens/check.ts", in: directory)
        let report = try Self.lintWithBinary(["src/screens"], in: directory)
        Self.expectLiveCheck(report, checkPath: "src/screens/check.ts", requestPath: "src/push/register.ts", run: "src/screens")
        // The text report says where the evidence came from when it is outside the linted paths.
        let text = try Self.shell([Self.binary.path, "src/screens"], in: directory)
        #expect(text.output.contains("src/push/register.ts:\(Self.requestLine)") && text.output.contains("outside the linted paths"),
                "\(text.output)")
    }

    /// Code the project does not own (dependencies, declaration files, ignored build output) is not
    /// evidence: the same request there leaves the check latent.
    @Test func dependenciesDeclarationsAndIgnoredFilesAreNotEvidence() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("granted-lint-evidence-\(UUID().uuidString)")
        try Self.write(Self.packageJSON, to: "package.json", in: directory)
        try Self.write(Self.check, to: "src/check.ts", in: directory)
        try Self.write(Self.register, to: "node_modules/push-sdk/lib/register.js", in: directory)
        try Self.write(Self.register, to: "dist/register.js", in: directory)
        try Self.write("dist/\n", to: ".gitignore", in: directory)
        try Self.write("export declare const quiet: { ios: { allowProvisional: true } };\n", to: "src/types.d.ts", in: directory)
        try Self.shell(["git", "init", "-q"], in: directory)
        let report = try Self.lintWithBinary(["."], in: directory)
        #expect(report.evidence.map { !Self.saysWhereRequested($0) && $0.contains("below are latent") } == true, "\(report.evidence ?? "none")")
        let findings = report.findings.filter { $0.rule == Self.rule }
        #expect(findings.count == 1 && findings.allSatisfy { $0.severity == "warning" && $0.latentNote != nil && $0.requestLocations.isEmpty }, "\(findings)")
    }
}
