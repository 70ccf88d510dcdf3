import Foundation
import GrantedCLI
import Testing
import TestSupport

/// The repair of `provisional-blind-check`, proven on its fixtures (TestCorpus/fixes/provisional, one
/// per shape real apps use): `--fix-unsafe` turns each into its `.fixed` twin and leaves no
/// provisional-blind-check finding, `tsc --strict` finds no new error, and — compiled and run under Node
/// against a stub expo-notifications — a provisionally or ephemerally authorized device takes the
/// "permitted" path while every other device is treated as before.
extension CLITests {
    static let repairFixtureDirectory = packageRoot.appendingPathComponent("TestCorpus/fixes/provisional")

    /// The inputs (not their `.fixed` twins), by name.
    static var repairFixtures: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: repairFixtureDirectory.path)) ?? []
        return names.filter { !$0.contains(".fixed.") }.sorted()
    }

    /// `name.ts` → `name.fixed.ts`.
    static func fixedTwin(of name: String) -> String {
        let url = URL(fileURLWithPath: name)
        return url.deletingPathExtension().lastPathComponent + ".fixed." + url.pathExtension
    }

    static func ruleIds(of text: String, path: String) -> [String] {
        TestSupport.lint(text, path: path).diagnostics.map(\.ruleId)
    }

    @Test func provisionalRepairTurnsEachFixtureIntoItsFixedTwin() throws {
        #expect(Self.repairFixtures.count >= 9, "\(Self.repairFixtures)")
        for name in Self.repairFixtures {
            let directory = try Self.temporaryDirectory()
            let source = Self.repairFixtureDirectory.appendingPathComponent(name)
            let target = directory.appendingPathComponent(name)
            try FileManager.default.copyItem(at: source, to: target)
            let original = try Data(contentsOf: source)
            let before = Self.ruleIds(of: String(decoding: original, as: UTF8.self), path: name)
            let blind = before.filter { $0 == "provisional-blind-check" }.count
            #expect(blind > 0, "\(name) has findings to repair")

            // A suggestion: `--fix` leaves it alone, the dry run shows it and writes nothing.
            #expect(Self.run(["--fix", name], in: directory).output.contains("Fixed 0 problems in 0 files."), "\(name)")
            let dryRun = Self.run(["--fix-dry-run", "--fix-unsafe", name], in: directory)
            #expect(dryRun.output.hasPrefix("--- a/\(name)\n+++ b/\(name)\n@@ "), "\(dryRun.output)")
            #expect(try Data(contentsOf: target) == original, "dry run writes nothing")

            let applied = Self.run(["--fix-unsafe", name], in: directory)
            #expect(applied.output.contains("Fixed \(blind) problem\(blind == 1 ? "" : "s") in 1 file."), "\(name): \(applied.output)")
            let expected = try Data(contentsOf: Self.repairFixtureDirectory.appendingPathComponent(Self.fixedTwin(of: name)))
            let fixed = try Data(contentsOf: target)
            #expect(fixed == expected, "\(name) after --fix-unsafe:\n\(String(decoding: fixed, as: UTF8.self))")

            // No blind decision is left; the requests keep their own findings.
            let after = Self.ruleIds(of: String(decoding: fixed, as: UTF8.self), path: name)
            #expect(!after.contains("provisional-blind-check"), "\(name): \(after)")
            #expect(after.filter { $0 == "request-when-denied" }.count == before.filter { $0 == "request-when-denied" }.count, "\(name)")
            #expect(Self.run(["--fix-unsafe", name], in: directory).output.contains("Fixed 0 problems in 0 files."), "\(name) is stable")
        }
    }

    @Test func provisionalRepairAddsNoTypeErrorUnderStrictTypeScript() throws {
        guard let compiler = Self.typeScriptCompiler else {
            print("ProvisionalRepairTests: tsc is not installed (Debian's node-typescript; `make test` installs it); the type check is skipped")
            return
        }
        let project = try Self.fixProject()
        let before = try Self.typeCheck(project, compiler: compiler)
        #expect(before.isEmpty, "the fixtures compile before the repair: \(before)")
        let repaired = Self.run(["--fix-unsafe", "provisional"], in: project)
        #expect(repaired.output.contains("Fixed "), "\(repaired.output)")
        for name in Self.repairFixtures {
            let text = try String(contentsOf: project.appendingPathComponent("provisional/\(name)"), encoding: .utf8)
            #expect(!text.contains("!== 'granted'") && !text.contains(".granted;"), "\(name) was repaired")
        }
        let added = Self.subtracting(try Self.typeCheck(project, compiler: compiler), before)
        #expect(added.isEmpty, "the repair added type errors: \(added)")
    }

    // MARK: Running the repaired code

    /// What a device's permission response looks like (granted-lint facts: The crux).
    static let responses: [String: [String: Any]] = [
        "provisional": ["status": "undetermined", "granted": false, "canAskAgain": true, "expires": "never", "ios": ["status": 3]],
        "ephemeral": ["status": "undetermined", "granted": false, "canAskAgain": true, "expires": "never", "ios": ["status": 4]],
        "authorized": ["status": "granted", "granted": true, "canAskAgain": true, "expires": "never", "ios": ["status": 2]],
        "denied": ["status": "denied", "granted": false, "canAskAgain": false, "expires": "never", "ios": ["status": 1]],
        "notDetermined": ["status": "undetermined", "granted": false, "canAskAgain": true, "expires": "never", "ios": ["status": 0]],
    ]

    /// Devices: what `getPermissionsAsync` reports, and what a request turns it into (nil: the user
    /// dismisses the dialog, nothing changes).
    static let devices: [String: (response: String, afterRequest: String?)] = [
        "provisional": ("provisional", nil),
        "ephemeral": ("ephemeral", nil),
        "authorized": ("authorized", nil),
        "denied": ("denied", nil),
        "notDetermined": ("notDetermined", nil),
        // Never asked; the request is answered with Allow.
        "allowsWhenAsked": ("notDetermined", "authorized"),
        // Never asked; the request makes it provisional (as `allowProvisional: true` does).
        "provisionalWhenAsked": ("notDetermined", "provisional"),
    ]

    struct Outcome {
        let value: Any?
        let recorded: [Any]
        let text: String?
        /// The stub's calls: name and arguments.
        let calls: [(name: String, arguments: [Any])]

        var requests: [[Any]] { calls.filter { $0.name == "requestPermissionsAsync" }.map(\.arguments) }
    }

    /// A function a fixture exports, and what "permitted" means for it.
    struct EntryPoint {
        let file: String
        let name: String
        var arguments: [String] = []
        /// It requests permission when it finds none.
        var asks = false
        let permitted: (Outcome) -> Bool
    }

    static func returnsToken(_ outcome: Outcome) -> Bool { (outcome.value as? String)?.isEmpty == false }
    static func returnsTrue(_ outcome: Outcome) -> Bool { outcome.value as? Bool == true }
    static func shows(_ text: String) -> (Outcome) -> Bool { { $0.text?.contains(text) == true } }

    static let entryPoints: [EntryPoint] = [
        EntryPoint(file: "registerForPushNotifications.ts", name: "registerForPushNotificationsAsync", arguments: ["project-id"], asks: true, permitted: returnsToken),
        EntryPoint(file: "registerNamedImports.ts", name: "registerDevice", arguments: ["project-id"], asks: true, permitted: returnsToken),
        EntryPoint(file: "registerCrlf.ts", name: "registerWithCrlf", arguments: ["project-id"], asks: true, permitted: returnsToken),
        EntryPoint(file: "registerFourSpaces.ts", name: "registerForReminders", arguments: ["project-id"], asks: true, permitted: returnsToken),
        EntryPoint(file: "canNotify.ts", name: "canNotify", permitted: returnsTrue),
        EntryPoint(file: "canNotify.ts", name: "notificationsEnabled", permitted: returnsTrue),
        EntryPoint(file: "canNotify.ts", name: "hasNotificationPermission", permitted: returnsTrue),
        EntryPoint(file: "canNotify.ts", name: "pushAllowed", permitted: returnsTrue),
        EntryPoint(file: "ensureEnabled.ts", name: "ensureNotificationsEnabled", asks: true, permitted: returnsTrue),
        EntryPoint(file: "ensureEnabled.ts", name: "refreshNotificationSwitch", arguments: ["$setter"], permitted: { $0.recorded.last as? Bool == true }),
        EntryPoint(file: "NotificationSettings.tsx", name: "NotificationStatusRow", permitted: shows("Notifications are on")),
        EntryPoint(file: "NotificationSettings.tsx", name: "ReminderBanner", permitted: shows("Reminders are on")),
        EntryPoint(file: "NotificationSettings.tsx", name: "PushStatusLabel", permitted: shows("Push on")),
        EntryPoint(file: "ensurePushPermission.js", name: "ensurePushPermission", asks: true, permitted: returnsTrue),
        EntryPoint(file: "pushEnabled.js", name: "pushEnabled", permitted: returnsTrue),
    ]

    /// `node` on the PATH (Debian's nodejs), or nil.
    static var nodeExecutable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/node" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Compiles the fixtures as they are (`before/`) and as repaired (`after/`, the `.fixed` twins under
    /// the input's name) to CommonJS with `tsc`, JavaScript fixtures copied as they are.
    static func compileRepairFixtures(compiler: String) throws -> URL {
        let directory = try temporaryDirectory()
        let fileManager = FileManager.default
        for (side, twin) in [("before", false), ("after", true)] {
            for name in repairFixtures {
                let source = repairFixtureDirectory.appendingPathComponent(twin ? fixedTwin(of: name) : name)
                let root = name.hasSuffix(".js") ? "out" : "src"
                let target = directory.appendingPathComponent("\(root)/\(side)/\(name)")
                try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try fileManager.copyItem(at: source, to: target)
            }
        }
        let types = packageRoot.appendingPathComponent("TestCorpus/fixes/types")
        try fileManager.copyItem(at: types, to: directory.appendingPathComponent("src/types"))
        try Data("declare module 'react/jsx-runtime' { export const jsx: unknown; export const jsxs: unknown; export const Fragment: unknown; }\n".utf8)
            .write(to: directory.appendingPathComponent("src/types/jsx-runtime.d.ts"))
        let configuration = """
        { "compilerOptions": { "outDir": "out", "rootDir": "src", "module": "commonjs", "target": "es2020", "jsx": "react-jsx",
          "lib": ["es2020"], "types": [], "strict": true }, "include": ["src/**/*.ts", "src/**/*.tsx"] }
        """
        try Data(configuration.utf8).write(to: directory.appendingPathComponent("tsconfig.json"))
        let diagnostics = try typeCheck(directory, compiler: compiler)
        #expect(diagnostics.isEmpty, "the fixtures compile to JavaScript: \(diagnostics)")
        return directory
    }

    /// Runs `entry` of both compiled sides on every device, in one Node process.
    static func runUnderNode(_ node: String, compiled: URL) throws -> [String: Outcome] {
        var cases: [[String: Any]] = []
        var keys: [String] = []
        for entry in entryPoints {
            let module = entry.file.replacingOccurrences(of: ".tsx", with: ".js").replacingOccurrences(of: ".ts", with: ".js")
            for side in ["before", "after"] {
                for (deviceName, device) in devices.sorted(by: { $0.key < $1.key }) {
                    var spec: [String: Any] = [
                        "module": compiled.appendingPathComponent("out/\(side)/\(module)").path,
                        "export": entry.name, "args": entry.arguments, "device": responses[device.response]!,
                    ]
                    if let answer = device.afterRequest { spec["afterRequest"] = responses[answer]! }
                    cases.append(spec)
                    keys.append("\(side) \(entry.file) \(entry.name) \(deviceName)")
                }
            }
        }
        let casesFile = compiled.appendingPathComponent("cases.json")
        try JSONSerialization.data(withJSONObject: cases).write(to: casesFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = [packageRoot.appendingPathComponent("Tests/ProvisionalRepair/run-fixtures.js").path, casesFile.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "node failed: \(errorText)")
        let results = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]], "node printed: \(String(decoding: data, as: UTF8.self))")
        #expect(results.count == keys.count)
        var outcomes: [String: Outcome] = [:]
        for (key, result) in zip(keys, results) {
            if let error = result["error"] {
                Issue.record("\(key) threw: \(error)")
                continue
            }
            let calls = (result["calls"] as? [[String: Any]] ?? []).map { (name: $0["name"] as? String ?? "", arguments: $0["args"] as? [Any] ?? []) }
            let value = result["value"].flatMap { $0 is NSNull ? nil : $0 }
            outcomes[key] = Outcome(value: value, recorded: result["recorded"] as? [Any] ?? [], text: result["text"] as? String, calls: calls)
        }
        return outcomes
    }

    @Test func provisionalRepairMakesAProvisionalDeviceTakeThePermittedPath() throws {
        guard let compiler = Self.typeScriptCompiler, let node = Self.nodeExecutable else {
            print("ProvisionalRepairTests: tsc or node is not installed (Debian's node-typescript and nodejs; `make test` installs them); the run is skipped")
            return
        }
        let compiled = try Self.compileRepairFixtures(compiler: compiler)
        let outcomes = try Self.runUnderNode(node, compiled: compiled)
        #expect(Set(Self.entryPoints.map(\.file)) == Set(Self.repairFixtures), "every fixture has an entry point")
        for entry in Self.entryPoints {
            func outcome(_ side: String, _ device: String) -> Outcome? { outcomes["\(side) \(entry.file) \(entry.name) \(device)"] }
            let label = "\(entry.file) \(entry.name)"
            guard let blind = outcome("before", "provisional"), let repaired = outcome("after", "provisional"),
                  let ephemeral = outcome("after", "ephemeral") else {
                Issue.record("\(label): no outcome")
                continue
            }
            // The bug, then its repair.
            #expect(!entry.permitted(blind), "\(label): before the repair a provisional device is not permitted")
            #expect(entry.permitted(repaired), "\(label): after the repair a provisional device is permitted: \(repaired)")
            #expect(entry.permitted(ephemeral), "\(label): after the repair an ephemeral device is permitted")
            // A permitted device is not asked again: no full dialog for it.
            #expect(repaired.requests.isEmpty, "\(label): the repaired code does not request again: \(repaired.requests)")
            if entry.asks {
                #expect(!blind.requests.isEmpty, "\(label): the blind code asked a provisional device again")
                // A request that leaves the device provisional: the repaired code follows the new answer.
                if let becameProvisional = outcome("after", "provisionalWhenAsked"), let blindAfterAsking = outcome("before", "provisionalWhenAsked") {
                    #expect(entry.permitted(becameProvisional), "\(label): provisional after the request is permitted")
                    #expect(!entry.permitted(blindAfterAsking), "\(label): before the repair it was not")
                }
            }
            if entry.file == "registerForPushNotifications.ts" || entry.file == "registerCrlf.ts" {
                #expect(blind.requests.contains { $0.isEmpty }, "\(label): the copied snippet requests with no options")
                #expect(repaired.calls.contains { $0.name == "getExpoPushTokenAsync" }, "\(label): the token is fetched")
            }
            // Every other device: the same decision and the same requests as before.
            for device in ["authorized", "denied", "notDetermined", "allowsWhenAsked"] {
                guard let old = outcome("before", device), let new = outcome("after", device) else {
                    Issue.record("\(label) \(device): no outcome")
                    continue
                }
                #expect(entry.permitted(old) == entry.permitted(new), "\(label) \(device): decided as before")
                #expect(old.requests.count == new.requests.count, "\(label) \(device): requests as before")
            }
            #expect(entry.permitted(outcome("after", "authorized")!), "\(label): an authorized device is permitted")
            #expect(!entry.permitted(outcome("after", "denied")!), "\(label): a denied device is not")
            if entry.asks {
                #expect(entry.permitted(outcome("after", "allowsWhenAsked")!), "\(label): a device that allows when asked is permitted")
            }
        }
    }
}
