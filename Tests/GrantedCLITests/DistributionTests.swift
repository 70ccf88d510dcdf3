import Foundation
import GrantedCLI
import Testing
import TestSupport

/// The ways granted-lint reaches users, tested the way users get them: the dist tarball unpacked
/// into an empty directory and run with an empty environment; the npm packages packed, installed
/// offline into a project and run through npx and an npm script; the GitHub Action's run step as a
/// script with a fake runner environment.
///
/// The dist build (`make dist`, a static release build) runs once for the whole suite; set
/// GRANTED_LINT_DIST_TARBALL to a tarball `make dist` made to skip it.
@Suite(.serialized)
struct DistributionTests {
    static let root = TestSupport.packageRoot

    // MARK: - Running things

    struct Output {
        let status: Int32
        /// True when the process was ended by a signal (`status` is then the signal number).
        let signalled: Bool
        let stdout: String
        let stderr: String
        var both: String { stdout + stderr }
    }

    /// Runs `command` (looked up on the PATH) in `directory`, with the environment of the tests plus
    /// `environment`, and `input` on standard input. Output goes through files, so that neither
    /// stream can fill a pipe and block the other.
    @discardableResult
    static func execute(
        _ command: [String], in directory: URL, environment: [String: String] = [:], input: String? = nil
    ) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.currentDirectoryURL = directory
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let scratch = try temporaryDirectory(named: "io")
        let stdoutURL = scratch.appendingPathComponent("stdout")
        let stderrURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
        let stderrHandle = try FileHandle(forWritingTo: stderrURL)
        var inputHandle: FileHandle?
        defer {
            try? stdoutHandle.close()
            try? stderrHandle.close()
            try? inputHandle?.close()
            try? FileManager.default.removeItem(at: scratch)
        }
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle
        if let input {
            let inputURL = scratch.appendingPathComponent("stdin")
            try Data(input.utf8).write(to: inputURL)
            inputHandle = try FileHandle(forReadingFrom: inputURL)
            process.standardInput = inputHandle
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            signalled: process.terminationReason == .uncaughtSignal,
            stdout: try String(contentsOf: stdoutURL, encoding: .utf8),
            stderr: try String(contentsOf: stderrURL, encoding: .utf8)
        )
    }

    static func remove(_ directories: URL...) {
        for directory in directories { try? FileManager.default.removeItem(at: directory) }
    }

    static func temporaryDirectory(named name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("granted-lint-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, to relative: String, in directory: URL, executable: Bool = false) throws {
        let url = directory.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        if executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path) }
    }

    static func isOnPath(_ tool: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }

    static let hasNodeAndNpm = isOnPath("node") && isOnPath("npm")

    // MARK: - The dist tarball, built once

    struct DistFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// GRANTED_LINT_DIST_TARBALL, or what `make dist` builds (into .build/dist/tarballs, so that the
    /// tests leave dist/ alone).
    static let distTarball: Result<URL, DistFailure> = {
        if let path = ProcessInfo.processInfo.environment["GRANTED_LINT_DIST_TARBALL"], !path.isEmpty {
            return FileManager.default.fileExists(atPath: path)
                ? .success(URL(fileURLWithPath: path))
                : .failure(DistFailure(description: "GRANTED_LINT_DIST_TARBALL=\(path) does not exist"))
        }
        let output = root.appendingPathComponent(".build/dist/tarballs")
        do {
            let make = try execute(["make", "--no-print-directory", "dist"], in: root, environment: ["GRANTED_LINT_DIST_DIR": output.path])
            guard make.status == 0, let last = make.stdout.split(separator: "\n").last,
                  FileManager.default.fileExists(atPath: String(last)) else {
                return .failure(DistFailure(description: "make dist failed (exit \(make.status)):\n\(make.both)"))
            }
            return .success(URL(fileURLWithPath: String(last)))
        } catch {
            return .failure(DistFailure(description: "make dist could not run: \(error)"))
        }
    }()

    static func tarball() throws -> URL { try distTarball.get() }

    /// `granted-lint-<version>-linux-<arch>`: the tarball's top directory.
    static func tarballStem(_ tarball: URL) -> String {
        String(tarball.lastPathComponent.dropLast(".tar.gz".count))
    }

    /// The tarball unpacked into a new, empty directory; returns the binary.
    static func unpack(_ tarball: URL) throws -> URL {
        let directory = try temporaryDirectory(named: "unpacked")
        let tar = try execute(["tar", "-xzf", tarball.path], in: directory)
        #expect(tar.status == 0, "\(tar.both)")
        return directory.appendingPathComponent(tarballStem(tarball)).appendingPathComponent("granted-lint")
    }

    static func copyExampleApp(to destination: URL) throws {
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: root.appendingPathComponent("TestCorpus/example-app"), to: destination)
    }

    /// Findings of a JSON report as `path:line:column rule severity`, paths relative to `base`.
    static func findings(inJSON text: String, relativeTo base: String? = nil) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        return findings.map { finding in
            var path = finding["path"] as? String ?? "?"
            if let base, path.hasPrefix(base + "/") { path.removeFirst(base.count + 1) }
            return "\(path):\(finding["line"] ?? "?"):\(finding["column"] ?? "?") \(finding["rule"] ?? "?") \(finding["severity"] ?? "?")"
        }.sorted()
    }

    /// What the code under test finds in a directory, run in-process.
    static func inProcessFindings(_ directory: URL) throws -> [String] {
        var json = ""
        let status = GrantedCLI.run(["--format", "json", directory.path], standardOutput: { json += $0 }, standardError: { _ in }, isTerminal: false)
        #expect(status == 1)
        return try findings(inJSON: json, relativeTo: directory.deletingLastPathComponent().path)
    }

    // MARK: - Version

    /// The grammar --version names is the one scripts/setup.sh pins.
    @Test func versionNamesTheGrammarSetupPins() throws {
        let setup = try String(contentsOf: Self.root.appendingPathComponent("scripts/setup.sh"), encoding: .utf8)
        func value(_ name: String) -> String? {
            setup.split(separator: "\n").first { $0.hasPrefix("\(name)=\"") }
                .map { $0.dropFirst(name.count + 2).dropLast().description }
        }
        let package = try #require(value("GRAMMAR_PACKAGE"))
        let version = try #require(value("GRAMMAR_VERSION"))
        let adjustment = try #require(value("GRAMMAR_ADJUSTMENT"))
        #expect(BuildInfo.grammar == "\(package) \(version) + \(adjustment)")
        // A development build says so; only make dist's copy of BuildInfo.swift has a commit.
        #expect(BuildInfo.commit == nil)
    }

    // MARK: - The dist tarball

    @Test func distTarballRunsAloneWithAnEmptyEnvironment() throws {
        #if os(Linux)
        let tarball = try Self.tarball()
        let stem = Self.tarballStem(tarball)
        #expect(stem.hasPrefix("granted-lint-\(BuildInfo.version)-linux-"))

        // The checksum file next to it.
        let check = try Self.execute(["sha256sum", "--check", tarball.lastPathComponent + ".sha256"], in: tarball.deletingLastPathComponent())
        #expect(check.status == 0, "\(check.both)")

        let binary = try Self.unpack(tarball)
        let top = binary.deletingLastPathComponent()
        defer { Self.remove(top.deletingLastPathComponent()) }
        for file in ["granted-lint", "README.md", "LICENSE", "docs/rules/README.md", "docs/rules/provisional-blind-check.md"] {
            #expect(FileManager.default.fileExists(atPath: top.appendingPathComponent(file).path), "\(file) missing from the tarball")
        }
        #expect(FileManager.default.isExecutableFile(atPath: binary.path))

        // Nothing at all: no program interpreter (loader) and no shared library, glibc included.
        let headers = try Self.execute(["readelf", "--program-headers", "--dynamic", binary.path], in: top)
        #expect(headers.status == 0, "\(headers.both)")
        #expect(!headers.stdout.contains("INTERP"), "the binary names a program interpreter:\n\(headers.stdout)")
        #expect(!headers.stdout.contains("(NEEDED)"), "the binary needs shared libraries:\n\(headers.stdout)")
        #expect(headers.stdout.contains("There is no dynamic section in this file."), "\(headers.stdout)")

        // Run from the unpacked directory, with nothing in the environment, on a copy of the example app.
        try Self.copyExampleApp(to: top.appendingPathComponent("example-app"))
        let version = try Self.execute(["env", "-i", "./granted-lint", "--version"], in: top)
        #expect(version.status == 0)
        let expected = #/granted-lint (?<version>[0-9.]+) \(commit (?<commit>[0-9a-f]{7}(-dirty)?), grammar (?<grammar>.+)\)\n/#
        let match = try #require(version.stdout.wholeMatch(of: expected), "--version: \(version.both)")
        #expect(String(match.version) == BuildInfo.version)
        #expect(String(match.grammar) == BuildInfo.grammar)

        let lint = try Self.execute(["env", "-i", "./granted-lint", "example-app"], in: top)
        #expect(lint.status == 1, "\(lint.both)")
        #expect(lint.stdout.contains("example-app/src/notifications/registerForPushNotifications.ts:"))
        #expect(lint.stdout.contains("[provisional-blind-check]"))
        #expect(lint.stderr.isEmpty, "\(lint.stderr)")

        // The same findings as the code under test.
        let json = try Self.execute(["env", "-i", "./granted-lint", "--format", "json", "example-app"], in: top)
        #expect(json.status == 1)
        #expect(try Self.findings(inJSON: json.stdout) == Self.inProcessFindings(top.appendingPathComponent("example-app")))
        #else
        print("DistributionTests: make dist builds the Linux binary; skipped on this platform")
        #endif
    }

    // MARK: - npm

    /// The two packages, packed from the dist tarball by scripts/npm-pack.sh once for the suite.
    static let npmPackages: Result<[URL], DistFailure> = {
        do {
            let tarball = try tarball()
            // In .build, replaced on every run: the platform package holds the whole binary.
            let packs = root.appendingPathComponent(".build/dist/npm-packs")
            try? FileManager.default.removeItem(at: packs)
            try FileManager.default.createDirectory(at: packs, withIntermediateDirectories: true)
            let pack = try execute(
                ["bash", root.appendingPathComponent("scripts/npm-pack.sh").path], in: root,
                environment: ["GRANTED_LINT_DIST_TARBALL": tarball.path, "GRANTED_LINT_NPM_DIR": packs.path]
            )
            guard pack.status == 0 else { return .failure(DistFailure(description: "npm-pack.sh failed:\n\(pack.both)")) }
            return .success(pack.stdout.split(separator: "\n").map { URL(fileURLWithPath: String($0)) })
        } catch let failure as DistFailure {
            return .failure(failure)
        } catch {
            return .failure(DistFailure(description: "npm-pack.sh could not run: \(error)"))
        }
    }()

    static func packedNpmPackages() throws -> (main: URL, platform: URL) {
        let paths = try npmPackages.get()
        let main = try #require(paths.first { $0.lastPathComponent == "granted-lint-\(BuildInfo.version).tgz" }, "\(paths)")
        let platform = try #require(paths.first {
            $0.lastPathComponent.hasPrefix("granted-lint-cli-linux-") && !$0.lastPathComponent.contains("-musl-")
        }, "\(paths)")
        return (main, platform)
    }

    static let npmEnvironment = [
        "npm_config_offline": "true", "npm_config_audit": "false", "npm_config_fund": "false",
        "npm_config_update_notifier": "false", "npm_config_loglevel": "error",
    ]

    /// A project with the example app in src/ and granted-lint as a dev dependency, installed with
    /// `npm install --offline` from the tarballs. The platform package arrives the way it does for
    /// users, as granted-lint's optional dependency; `overrides` only says where its tarball is.
    static func npmProject(main: URL, platform: URL, extraInstallArguments: [String] = []) throws -> URL {
        let project = try temporaryDirectory(named: "npm-project")
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("TestCorpus/example-app/src"), to: project.appendingPathComponent("src")
        )
        let platformName = try packageJSON(in: platform)["name"] as? String ?? "?"
        let manifest: [String: Any] = [
            "name": "npm-install-test",
            "private": true,
            "scripts": ["lint:notifications": "granted-lint src"],
            "devDependencies": ["granted-lint": "file:\(main.path)"],
            "overrides": [platformName: "file:\(platform.path)"],
        ]
        try JSONSerialization.data(withJSONObject: manifest, options: [.prettyPrinted, .sortedKeys])
            .write(to: project.appendingPathComponent("package.json"))
        var environment = npmEnvironment
        environment["npm_config_cache"] = project.appendingPathComponent(".npm-cache").path
        let install = try execute(["npm", "install", "--offline"] + extraInstallArguments, in: project, environment: environment)
        #expect(install.status == 0, "npm install failed:\n\(install.both)")
        return project
    }

    /// package/package.json of a packed npm package.
    static func packageJSON(in tarball: URL) throws -> [String: Any] {
        let read = try execute(["tar", "-xzOf", tarball.path, "package/package.json"], in: tarball.deletingLastPathComponent())
        return try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any])
    }

    @Test(.enabled(if: DistributionTests.hasNodeAndNpm, "node and npm are not installed (scripts/test-deps.sh installs them); npm packages not tested"))
    func npmPackagesInstallOfflineAndRunTheBinary() throws {
        let (main, platform) = try Self.packedNpmPackages()

        // The manifests: the platform package says where it runs; the launcher pins it exactly.
        let platformManifest = try Self.packageJSON(in: platform)
        let platformName = try #require(platformManifest["name"] as? String)
        #expect(platformName == "@granted-lint/cli-linux-x64")
        #expect(platformManifest["os"] as? [String] == ["linux"])
        #expect(platformManifest["cpu"] as? [String] == ["x64"])
        #expect(platformManifest["libc"] as? [String] == ["glibc"])
        let mainManifest = try Self.packageJSON(in: main)
        #expect(mainManifest["version"] as? String == BuildInfo.version)
        #expect((mainManifest["optionalDependencies"] as? [String: String])?[platformName] == BuildInfo.version)
        #expect(mainManifest["dependencies"] == nil, "the launcher must have no dependencies")
        #expect((mainManifest["bin"] as? [String: String])?["granted-lint"] == "bin/granted-lint")

        let project = try Self.npmProject(main: main, platform: platform)
        defer { Self.remove(project) }
        let installed = project.appendingPathComponent("node_modules/\(platformName)/granted-lint")
        #expect(FileManager.default.isExecutableFile(atPath: installed.path))

        // The ESLint plugin came with the package: `require` and `import` of granted-lint/eslint
        // give its rules, one per rule the binary lists.
        let listed = try Self.execute([installed.path, "--list-rules", "--format", "json"], in: project)
        let ruleCount = (try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [Any])?.count ?? -1
        let required = try Self.execute(["node", "-e", "console.log(Object.keys(require('granted-lint/eslint').rules).length)"], in: project)
        #expect(required.status == 0 && required.stdout == "\(ruleCount)\n", "\(required.both)")
        let imported = try Self.execute(["node", "--input-type=module", "-e", "import g from 'granted-lint/eslint'; console.log(Object.keys(g.rules).length)"], in: project)
        #expect(imported.status == 0 && imported.stdout == "\(ruleCount)\n", "\(imported.both)")

        // npx and the npm script give exactly what the binary gives.
        let direct = try Self.execute([installed.path, "src"], in: project)
        #expect(direct.status == 1, "\(direct.both)")
        #expect(direct.stdout.contains("[provisional-blind-check]"))
        let npx = try Self.execute(["npx", "granted-lint", "src"], in: project, environment: Self.npmEnvironment)
        #expect(npx.status == direct.status)
        #expect(npx.stdout == direct.stdout)
        #expect(npx.stderr == direct.stderr)
        let script = try Self.execute(["npm", "run", "--silent", "lint:notifications"], in: project, environment: Self.npmEnvironment)
        #expect(script.status == direct.status)
        #expect(script.stdout == direct.stdout)
        let version = try Self.execute(["npx", "granted-lint", "--version"], in: project, environment: Self.npmEnvironment)
        #expect(version.status == 0 && version.stdout.hasPrefix("granted-lint \(BuildInfo.version) (commit "), "\(version.both)")

        // Arguments, standard input, output and error, and the exit code pass through unchanged.
        let launcher = project.appendingPathComponent("node_modules/.bin/granted-lint").path
        let fakes = try Self.temporaryDirectory(named: "fake-binaries")
        defer { Self.remove(fakes) }
        try Self.write("#!/bin/sh\nprintf 'args:'; printf ' [%s]' \"$@\"; echo; cat; echo 'to stderr' >&2; exit 7\n", to: "echo", in: fakes, executable: true)
        let echo = try Self.execute(
            ["npx", "granted-lint", "a b", "--flag", ""], in: project,
            environment: Self.npmEnvironment.merging(["GRANTED_LINT_BINARY": fakes.appendingPathComponent("echo").path]) { $1 },
            input: "from stdin\n"
        )
        #expect(echo.status == 7)
        #expect(!echo.signalled)
        #expect(echo.stdout == "args: [a b] [--flag] []\nfrom stdin\n")
        #expect(echo.stderr == "to stderr\n")

        // A binary killed by a signal: the launcher ends by the same signal, not with exit 0.
        try Self.write("#!/bin/sh\nkill -TERM $$\n", to: "killed", in: fakes, executable: true)
        let killed = try Self.execute(
            ["node", launcher], in: project, environment: ["GRANTED_LINT_BINARY": fakes.appendingPathComponent("killed").path]
        )
        #expect(killed.signalled && killed.status == SIGTERM, "status \(killed.status), signalled \(killed.signalled): \(killed.both)")

        // A SIGTERM sent to the launcher reaches the binary, whose exit code is then the launcher's.
        let ready = fakes.appendingPathComponent("ready")
        try Self.write(
            "#!/bin/sh\ntrap 'echo terminated; exit 42' TERM\ntouch '\(ready.path)'\nwhile :; do sleep 0.1; done\n",
            to: "waits", in: fakes, executable: true
        )
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["node", launcher]
        process.currentDirectoryURL = project
        process.environment = ProcessInfo.processInfo.environment.merging(["GRANTED_LINT_BINARY": fakes.appendingPathComponent("waits").path]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: ready.path) && Date() < deadline { usleep(50_000) }
        #expect(FileManager.default.fileExists(atPath: ready.path), "the fake binary never started")
        process.terminate()
        let forwarded = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 42, "\(process.terminationReason) \(process.terminationStatus)")
        #expect(forwarded == "terminated\n")

        // An override that is not there.
        let badOverride = try Self.execute(["node", launcher, "src"], in: project, environment: ["GRANTED_LINT_BINARY": "/nonexistent/granted-lint"])
        #expect(badOverride.status == 2)
        #expect(badOverride.stderr.contains("GRANTED_LINT_BINARY is set to /nonexistent/granted-lint, which is not an executable file"))
    }

    @Test(.enabled(if: DistributionTests.hasNodeAndNpm, "node and npm are not installed (scripts/test-deps.sh installs them); npm launcher errors not tested"))
    func npmLauncherExplainsAMissingOrUnsupportedBinary() throws {
        let (main, platform) = try Self.packedNpmPackages()

        // Installed with --omit=optional: the platform is supported, its package is missing.
        let omitted = try Self.npmProject(main: main, platform: platform, extraInstallArguments: ["--omit=optional"])
        defer { Self.remove(omitted) }
        #expect(!FileManager.default.fileExists(atPath: omitted.appendingPathComponent("node_modules/@granted-lint/cli-linux-x64").path))
        let missing = try Self.execute(["npx", "granted-lint", "src"], in: omitted, environment: Self.npmEnvironment)
        #expect(missing.status == 2)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr.contains("linux-x64 is supported, but its binary package @granted-lint/cli-linux-x64 is not installed"), "\(missing.stderr)")
        #expect(missing.stderr.contains("--omit=optional"))
        #expect(missing.stderr.contains("make build"))
        #expect(!missing.stderr.contains("    at "), "a Node stack trace: \(missing.stderr)")
        let script = try Self.execute(["npm", "run", "--silent", "lint:notifications"], in: omitted, environment: Self.npmEnvironment)
        #expect(script.status == 2)

        // Windows: not built; WSL or a build from source. musl (Node told it runs on musl, and /lib has the
        // musl loader): that package is missing here.
        let project = try Self.npmProject(main: main, platform: platform)
        defer { Self.remove(project) }
        let launcher = project.appendingPathComponent("node_modules/.bin/granted-lint").path
        try Self.write("Object.defineProperty(process, 'platform', { value: 'win32' });\n", to: "fake-windows.js", in: project)
        let windows = try Self.execute(["node", "--require", "./fake-windows.js", launcher, "src"], in: project)
        #expect(windows.status == 2)
        #expect(windows.stderr.hasPrefix("granted-lint: there is no granted-lint binary for Windows (win32-x64) yet. Run it in WSL"), "\(windows.stderr)")
        #expect(windows.stderr.contains("Supported platforms:\n  darwin-arm64: @granted-lint/cli-darwin-arm64\n"), "\(windows.stderr)")
        #expect(windows.stderr.contains("\n  linux-x64 (glibc): @granted-lint/cli-linux-x64\n"), "\(windows.stderr)")
        #expect(windows.stderr.contains("git clone https://github.com/granted-lint/granted-lint && cd granted-lint && make build"))
        try Self.write("""
            const original = process.report.getReport.bind(process.report);
            process.report.getReport = () => { const report = original(); delete report.header.glibcVersionRuntime; return report; };
            const fs = require('fs'), readdirSync = fs.readdirSync;
            fs.readdirSync = (directory, ...rest) => directory === '/lib' ? ['ld-musl-x86_64.so.1'] : readdirSync(directory, ...rest);

            """, to: "fake-musl.js", in: project)
        let musl = try Self.execute(["node", "--require", "./fake-musl.js", launcher, "src"], in: project)
        #expect(musl.status == 2)
        #expect(musl.stderr.contains("linux-x64 (musl) is supported, but its binary package @granted-lint/cli-linux-x64-musl is not installed"), "\(musl.stderr)")
    }

    /// Every target's package, packed by npm-pack.sh from stand-in binaries (the real ones cannot be
    /// built here), installed offline with the platform faked, and chosen by the launcher:
    /// Tests/npm/platform-packages.test.js, run with Node's test runner.
    @Test(.enabled(if: DistributionTests.hasNodeAndNpm, "node and npm are not installed (scripts/test-deps.sh installs them); npm platform packages not tested"))
    func npmLauncherPicksEachPlatformPackage() throws {
        let run = try Self.execute(["node", "--test", "Tests/npm/platform-packages.test.js"], in: Self.root)
        #expect(run.status == 0, "\(run.both)")
    }

    // MARK: - The GitHub Action

    /// The environment of the Action's run step on a runner, with its inputs.
    static func actionEnvironment(workspace: URL, inputs: [String: String]) -> [String: String] {
        var environment = [
            "GITHUB_WORKSPACE": workspace.path,
            "GITHUB_STEP_SUMMARY": workspace.appendingPathComponent("../step-summary.md").standardized.path,
            "GITHUB_OUTPUT": workspace.appendingPathComponent("../output").standardized.path,
            "GITHUB_ACTION_PATH": root.path,
            "RUNNER_TEMP": workspace.appendingPathComponent("../runner-temp").standardized.path,
            "ACTION_REF": "",
            "GRANTED_LINT_BINARY": "",
        ]
        for (name, value) in inputs { environment["INPUT_" + name.uppercased().replacingOccurrences(of: "-", with: "_")] = value }
        return environment
    }

    static func actionWorkspace() throws -> URL {
        let runner = try temporaryDirectory(named: "runner")
        let workspace = runner.appendingPathComponent("workspace")
        try copyExampleApp(to: workspace.appendingPathComponent("app"))
        for file in ["step-summary.md", "output"] { _ = FileManager.default.createFile(atPath: runner.appendingPathComponent(file).path, contents: nil) }
        return workspace
    }

    static func outputs(_ workspace: URL) throws -> [String: String] {
        let text = try String(contentsOf: workspace.appendingPathComponent("../output").standardized, encoding: .utf8)
        var outputs: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            outputs[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return outputs
    }

    @Test func actionDownloadsTheReleaseLintsAndLeavesSummaryAndSarif() throws {
        #if os(Linux)
        let tarball = try Self.tarball()
        let workspace = try Self.actionWorkspace()
        defer { Self.remove(workspace.deletingLastPathComponent()) }
        let environment = Self.actionEnvironment(workspace: workspace, inputs: [
            "paths": "app",
            "fail-on": "warning",
            "sarif-file": "reports/granted-lint.sarif",
            "version": BuildInfo.version,
            "release-url": "file://\(tarball.deletingLastPathComponent().path)/{asset}",
            "build-from-source": "false",
        ])
        let run = try Self.execute(["bash", Self.root.appendingPathComponent("scripts/action-run.sh").path], in: workspace, environment: environment)
        // Findings do not fail the run step: the Action uploads SARIF first, then fails.
        #expect(run.status == 0, "\(run.both)")
        #expect(run.stdout.contains("::error file=app/src/notifications/registerForPushNotifications.ts,line="), "annotations: \(run.stdout)")
        #expect(run.stderr.contains("granted-lint \(BuildInfo.version) (commit "), "\(run.stderr)")

        let outputs = try Self.outputs(workspace)
        #expect(outputs["exit-code"] == "1")
        #expect(outputs["sarif-file"] == "reports/granted-lint.sarif")
        #expect(outputs["binary"]?.hasPrefix(environment["RUNNER_TEMP"]! + "/granted-lint-\(BuildInfo.version)-linux-") == true)

        // The summary: a verdict, then the report, which names every rule that found something.
        let summary = try String(contentsOfFile: environment["GITHUB_STEP_SUMMARY"]!, encoding: .utf8)
        #expect(summary.hasPrefix("## granted-lint\n\n❌ Problems at or above `warning` (exit code 1).\n"), "\(summary)")
        let expected = try Self.inProcessFindings(workspace.appendingPathComponent("app"))
        for rule in Set(expected.map { $0.split(separator: " ")[1] }) {
            #expect(summary.contains(String(rule)), "the summary does not mention \(rule)")
        }
        #expect(summary.contains("SARIF: `reports/granted-lint.sarif`"))

        // The SARIF file: valid JSON, every finding, repository-relative URIs.
        let sarifData = try Data(contentsOf: workspace.appendingPathComponent("reports/granted-lint.sarif"))
        let sarif = try #require(try JSONSerialization.jsonObject(with: sarifData) as? [String: Any])
        #expect(sarif["version"] as? String == "2.1.0")
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        #expect(results.count == expected.count)
        let uris = results.compactMap { result -> String? in
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            return (location?["artifactLocation"] as? [String: Any])?["uri"] as? String
        }
        #expect(uris.count == results.count && uris.allSatisfy { $0.hasPrefix("app/src/") }, "\(uris)")
        let invocation = (runs.first?["invocations"] as? [[String: Any]])?.first
        #expect(invocation?["executionSuccessful"] as? Bool == true)

        // A tarball that does not match its checksum is refused.
        let tampered = try Self.temporaryDirectory(named: "tampered")
        defer { Self.remove(tampered) }
        try FileManager.default.copyItem(at: tarball, to: tampered.appendingPathComponent(tarball.lastPathComponent))
        try Self.write("0000000000000000000000000000000000000000000000000000000000000000  \(tarball.lastPathComponent)\n",
                       to: tarball.lastPathComponent + ".sha256", in: tampered)
        let refusedWorkspace = try Self.actionWorkspace()
        defer { Self.remove(refusedWorkspace.deletingLastPathComponent()) }
        let refused = try Self.execute(
            ["bash", Self.root.appendingPathComponent("scripts/action-run.sh").path], in: refusedWorkspace,
            environment: Self.actionEnvironment(workspace: refusedWorkspace, inputs: [
                "paths": "app", "version": BuildInfo.version, "release-url": "file://\(tampered.path)/{asset}",
            ])
        )
        #expect(refused.status == 2)
        #expect(refused.stdout.contains("::error title=granted-lint::\(tarball.lastPathComponent) does not match its .sha256"), "\(refused.both)")
        #else
        print("DistributionTests: the Action runs the Linux release binary; skipped on this platform")
        #endif
    }

    /// The summary prefers `--format markdown`, and derives one from `--format json` when the binary
    /// does not have that format. Two wrappers around the real binary stand for both kinds.
    @Test func actionSummaryPrefersMarkdownAndFallsBackToJSON() throws {
        #if os(Linux)
        let binary = try Self.unpack(try Self.tarball())
        let directory = try Self.temporaryDirectory(named: "summary")
        defer { Self.remove(directory, binary.deletingLastPathComponent().deletingLastPathComponent()) }
        try Self.copyExampleApp(to: directory.appendingPathComponent("app"))
        try Self.write("""
            #!/bin/sh
            [ "$1 $2" = "--format markdown" ] && { echo "granted-lint: --format takes text, json, sarif, github (got 'markdown')" >&2; exit 2; }
            exec '\(binary.path)' "$@"

            """, to: "without-markdown", in: directory, executable: true)
        try Self.write("""
            #!/bin/sh
            [ "$1 $2" = "--format markdown" ] && { echo "MARKDOWN REPORT"; exit 1; }
            exec '\(binary.path)' "$@"

            """, to: "with-markdown", in: directory, executable: true)
        let script = Self.root.appendingPathComponent("scripts/action-summary.sh").path
        func summary(_ wrapper: String, status: String) throws -> String {
            let file = directory.appendingPathComponent("summary-\(wrapper).md")
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            let run = try Self.execute(["bash", script, "--fail-on", "error", "--", "app"], in: directory, environment: [
                "GRANTED_LINT": directory.appendingPathComponent(wrapper).path, "LINT_EXIT_CODE": status,
                "GITHUB_STEP_SUMMARY": file.path, "SARIF_FILE": "",
                "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "acme/app", "GITHUB_SHA": "0123abc",
            ])
            #expect(run.status == 0, "\(run.both)")
            return try String(contentsOf: file, encoding: .utf8)
        }

        let markdown = try summary("with-markdown", status: "1")
        #expect(markdown == "## granted-lint\n\n❌ Problems at or above `error` (exit code 1).\n\nMARKDOWN REPORT\n\n")

        let derived = try summary("without-markdown", status: "1")
        #expect(derived.hasPrefix("## granted-lint\n\n❌ Problems at or above `error` (exit code 1).\n\n**9 problems** (4 errors, 3 warnings, 2 notes) in 5 files (9 checked).\n"), "\(derived)")
        #expect(derived.contains("| `provisional-blind-check` | 4 | 0 | 0 |"))
        #expect(derived.contains("| [`app/src/notifications/pushStatus.ts:7:10`](https://github.com/acme/app/blob/0123abc/app/src/notifications/pushStatus.ts#L7) | error | `provisional-blind-check` | "), "\(derived)")

        let clean = try summary("without-markdown", status: "0")
        #expect(clean.hasPrefix("## granted-lint\n\n✅ No problems at or above `error`.\n"))
        #else
        print("DistributionTests: the Action runs the Linux release binary; skipped on this platform")
        #endif
    }

    /// Which release the run step downloads on which runner — Linux and macOS, x64 and arm64 — and
    /// what it refuses: Windows, other systems and architectures, a tarball that does not match its
    /// .sha256 or whose .sha256 names another asset. Tests/Action/release-download-test.sh plays each
    /// runner with a stand-in `uname` and serves stand-in releases through `release-url`, so this runs
    /// on Linux and macOS alike, without the network.
    @Test func actionDownloadsTheReleaseOfTheRunnersPlatform() throws {
        let test = Self.root.appendingPathComponent("Tests/Action/release-download-test.sh")
        let run = try Self.execute(["bash", test.path], in: Self.root)
        #expect(run.status == 0, "\(run.both)")
        #expect(!run.stdout.contains("not ok"), "\(run.stdout)")
        for target in ["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64"] {
            #expect(run.stdout.contains("runs the \(target) release"), "\(target) not checked: \(run.stdout)")
        }
    }

    /// The Linux binary `make dist` builds is the release's: static, and it runs where the README's
    /// platform table says it was run — in a minimal Debian 11 tree (glibc 2.31) and in a root that
    /// holds nothing but the binary, /proc and the example app, as an Alpine or distroless image
    /// does (Tests/platforms/old-glibc.test.sh and empty-root.test.sh; each skipped without root,
    /// debootstrap or the right to mount /proc — scripts/test-deps.sh installs debootstrap).
    @Test func distBinaryRunsOnDebian11AndInAnEmptyRoot() throws {
        #if os(Linux)
        let binary = try Self.unpack(Self.tarball())
        defer { Self.remove(binary.deletingLastPathComponent().deletingLastPathComponent()) }
        for name in ["old-glibc", "empty-root"] {
            let test = Self.root.appendingPathComponent("Tests/platforms/\(name).test.sh")
            let run = try Self.execute(["bash", test.path, binary.path], in: Self.root)
            if run.status == 77 {
                print("\(name) test skipped: \(run.stderr)")
                continue
            }
            #expect(run.status == 0, "\(run.both)")
            #expect(run.stdout.contains("\(name): ok: the binary (static)"), "\(run.both)")
        }
        // The README says the same, and no longer the glibc floor of the build before issue 40.
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("| Linux x64 | static (glibc linked in), needs only `/proc` | `make dist`'s: Debian 12, a Debian 11 root, an empty root |"))
        #expect(!readme.contains("glibc 2.36"))
        #endif
    }

    /// Every input of action.yml reaches the run step as INPUT_<NAME>, and action-run.sh reads it.
    @Test func actionInputsReachTheRunScript() throws {
        let action = try String(contentsOf: Self.root.appendingPathComponent("action.yml"), encoding: .utf8)
        let script = try String(contentsOf: Self.root.appendingPathComponent("scripts/action-run.sh"), encoding: .utf8)
        let lines = action.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: "inputs:"))
        let end = try #require(lines[start...].firstIndex(of: "outputs:"))
        let inputs = lines[(start + 1)..<end].compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), line.hasSuffix(":") else { return nil }
            return String(line.dropFirst(2).dropLast())
        }
        #expect(inputs.count >= 8, "\(inputs)")
        for input in inputs where input != "upload-sarif" {
            let variable = "INPUT_" + input.uppercased().replacingOccurrences(of: "-", with: "_")
            #expect(action.contains("\(variable): ${{ inputs.\(input) }}"), "action.yml does not pass \(input)")
            #expect(script.contains("${\(variable):"), "action-run.sh does not read \(variable)")
        }
        // Pinned to a full commit, with the version it is in a comment.
        #expect(action.contains("uses: github/codeql-action/upload-sarif@8aad20d150bbac5944a9f9d289da16a4b0d87c1e # v4.36.2"))
        #expect(action.contains("if: always() && inputs.upload-sarif == 'true'"))
    }
}
