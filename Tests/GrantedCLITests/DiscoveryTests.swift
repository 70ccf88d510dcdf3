import GrantedDiscovery
import GrantedSemantics
import Foundation
import GrantedCLI
import Testing
import TestSupport

/// File discovery: the in-process ignore engine against git itself, explicitly named paths, the
/// explanation for a run that finds nothing to check, and no git process for a plain lint.
extension CLITests {
    // MARK: Directory listings

    /// A directory whose entries fill the C library's `readdir` buffer more than once: every name
    /// comes out whole, from the walk and from import resolution. Each entry used to be copied as a
    /// whole `struct dirent`, past the end of the buffer when its last record was short (found by
    /// fuzzing the analysis; issue 40); that read shows only under AddressSanitizer
    /// (`scripts/sanitizers.sh address`), which fails this test on it.
    @Test func aFullDirectoryIsListedEntryByEntryInPlace() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Names of 6 to 65 bytes, about 90 KB of records: the buffer (32 KB) ends at a short record.
        let names = (0..<1_500).map { "f\($0)" + String(repeating: "x", count: $0 % 60) + ".ts" }
        for name in names {
            #expect(FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: Data()))
        }
        let walker = FileWalker(selection: FileSelection { _ in .init(extensions: ["ts"]) })
        let walked = try walker.walk(directory.path).files.map { URL(fileURLWithPath: $0.path).lastPathComponent }
        #expect(walked.sorted() == names.sorted())
        let index = ProjectIndex()
        let importer = directory.appendingPathComponent(names[0]).path
        for name in [names[1], names[999], names[1_499]] {
            let resolved = index.resolvedFile("./" + name.dropLast(3), from: importer)
            #expect(resolved.map { URL(fileURLWithPath: $0).lastPathComponent } == name)
        }
    }

    // MARK: The ignore engine against git

    /// Runs git with no system or global configuration (the test sets its own when it wants one).
    @discardableResult
    static func gitOutput(_ arguments: [String], in directory: URL, environment extra: [String: String] = [:]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory.path, "-c", "user.name=test", "-c", "user.email=test@example.com"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }

    /// What git lists in an untracked tree (nothing committed, so the index cannot differ from the rules).
    static func gitVisibleFiles(in directory: URL, environment: [String: String] = [:]) throws -> [String] {
        try gitOutput(["ls-files", "-z", "--others", "--exclude-standard"], in: directory, environment: environment)
            .split(separator: "\0").map(String.init).sorted()
    }

    /// What granted-lint's walker visits in the same tree, every file whatever its name, with no
    /// directory skipped by name: the ignore engine alone.
    static func walkerVisibleFiles(in directory: URL) throws -> [String] {
        var walker = FileWalker(selection: FileSelection { _ in .init(extensions: nil) })
        walker.skippedDirectoryNames = []
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(directory.path)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        return try walker.walk(".").files.map(\.path).sorted()
    }

    /// The global configuration git and the walker both read during a test: none, unless given.
    static func withGitEnvironment<T>(_ values: [String: String], _ body: () throws -> T) rethrows -> T {
        let keys = ["GIT_CONFIG_NOSYSTEM", "GIT_CONFIG_GLOBAL", "XDG_CONFIG_HOME"]
        let saved = keys.map { ($0, ProcessInfo.processInfo.environment[$0]) }
        setenv("GIT_CONFIG_NOSYSTEM", "1", 1)
        setenv("GIT_CONFIG_GLOBAL", values["GIT_CONFIG_GLOBAL"] ?? "/dev/null", 1)
        setenv("XDG_CONFIG_HOME", values["XDG_CONFIG_HOME"] ?? "/nonexistent-granted-lint-test", 1)
        defer {
            for (key, value) in saved {
                if let value { setenv(key, value, 1) } else { unsetenv(key) }
            }
        }
        return try body()
    }

    /// Compares the walker with git on one tree; returns how many files git ignored there (so that a
    /// suite of trees can show it tested ignoring, not only listing).
    @discardableResult
    static func compareWithGit(_ files: [String], ignores: [String: String], extra: (URL) throws -> Void = { _ in }) throws -> Int {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try gitOutput(["init", "-q"], in: directory)
        for file in files { try write("x\n", to: file, in: directory) }
        for (path, content) in ignores { try write(content, to: path, in: directory) }
        try extra(directory)
        return try withGitEnvironment([:]) {
            let expected = try gitVisibleFiles(in: directory, environment: ["XDG_CONFIG_HOME": "/nonexistent-granted-lint-test"])
            let actual = try walkerVisibleFiles(in: directory)
            let missing = Set(expected).subtracting(actual).sorted()
            let extra = Set(actual).subtracting(expected).sorted()
            #expect(missing.isEmpty && extra.isEmpty, """
                ignore files: \(ignores.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.debugDescription)" }.joined(separator: " | "))
                git lists but the walker skips: \(missing)
                the walker visits but git skips: \(extra)
                """)
            return files.count + ignores.count - expected.count
        }
    }

    /// The constructs the issue names, one tree each, next to what they must not match.
    static let handWrittenTrees: [(ignores: [String: String], files: [String])] = [
        ([".gitignore": "/a/**/b\n"], ["a/b", "a/x/b", "a/x/y/b", "x/a/b", "b", "a/bb"]),
        ([".gitignore": "/a/**/b\n"], ["a/b/c.ts", "a/x/b/d.ts", "q/a/b/e.ts"]),
        ([".gitignore": "a/**\n"], ["a/x.ts", "a/y/z.ts", "b/a/x.ts", "ab/x.ts"]),
        ([".gitignore": "a/**\n"], ["a", "b/a"]),
        ([".gitignore": "**/x\n"], ["x/y.ts", "a/x", "a/b/x", "a/x.ts", "xx"]),
        ([".gitignore": "**/x\n"], ["x", "q/x/y.ts"]),
        ([".gitignore": "ignored/\n!*.ts\n"], ["ignored/a.ts", "ignored/b.js", "src/a.ts"]),
        ([".gitignore": "*\n!*.ts\n"], ["a.ts", "b.js", "dir/c.ts"]),
        ([".gitignore": "*\n!*/\n!*.ts\n"], ["a.ts", "b.js", "dir/c.ts", "dir/d.js"]),
        ([".gitignore": "\\#hash.ts\n#comment.ts\n\\!bang.ts\n"], ["#hash.ts", "comment.ts", "#comment.ts", "!bang.ts", "bang.ts"]),
        ([".gitignore": "trailing.ts   \nspace.ts\\ \n"], ["trailing.ts", "space.ts ", "space.ts"]),
        ([".gitignore": "[abc].ts\n[!a-c]1.ts\n[[:digit:]]*.js\n*.[jt]sx\n[^x]y.ts\n"],
         ["a.ts", "d.ts", "a1.ts", "d1.ts", "9z.js", "z9.js", "q.tsx", "q.jsx", "q.csx", "xy.ts", "zy.ts"]),
        ([".gitignore": "dir/*\n!dir/keep.ts\n"], ["dir/keep.ts", "dir/drop.ts", "dir/sub/keep.ts"]),
        ([".gitignore": "x/\n"], ["x/a.ts", "y/x/b.ts", "z/x"]),
        ([".gitignore": "/x\n"], ["x/a.ts", "y/x/b.ts"]),
        ([".gitignore": "/x\n"], ["x", "y/x"]),
        ([".gitignore": "*.log\n", "sub/.gitignore": "!keep.log\n*.ts\n"], ["a.log", "sub/keep.log", "sub/b.log", "sub/a.ts", "a.ts", "sub/deep/c.ts"]),
        (["sub/.gitignore": "/only-here.ts\nnested/*.js\n"], ["only-here.ts", "sub/only-here.ts", "sub/x/only-here.ts", "sub/nested/a.js", "nested/a.js"]),
        ([".gitignore": "a/*/c\n**/b/*.js\ndeep/**/x.ts\n"], ["a/b/c", "a/b/x/c", "a/c", "q/b/z.js", "b/z.js", "b/y/z.js", "deep/x.ts", "deep/1/2/x.ts"]),
        ([".gitignore": "?.ts\n*.t?\nfoo**bar\n"], ["a.ts", "ab.ts", "x.tx", "x.txt", "fooXbar", "foo/bar", "fooX/Ybar"]),
        ([".gitignore": "\r\n# windows\r\n*.js\r\n"], ["a.js", "a.ts"]),
        ([".gitignore": "\u{FEFF}*.js\n"], ["a.js", "a.ts"]),
        ([".gitignore": "a/**/\n"], ["a/b/c.ts", "a/c.ts", "a/b/d/e.ts"]),
        ([".gitignore": "lone\\\n[a-\n"], ["lone\\", "lone", "[a-", "a"]),
        ([".gitignore": "build\n", "build/.gitignore": "!keep.ts\n"], ["build/keep.ts", "src/build/x.ts"]),
    ]

    @Test func ignoreEngineAgreesWithGitOnEachConstruct() throws {
        var ignored = 0
        for tree in Self.handWrittenTrees {
            ignored += try Self.compareWithGit(tree.files, ignores: tree.ignores)
        }
        #expect(ignored > 40)
    }

    @Test func ignoreEngineAgreesWithGitOnGeneratedTrees() throws {
        // A fixed-seed generator: nested .gitignore files mixing every construct, over trees whose
        // names those patterns hit and miss.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let directories = ["a", "b", "x", "dir", "deep", "a/b", "a/x", "x/a", "dir/sub", "deep/a/b", "deep/x/y", "b/a/x"]
        let names = ["a.ts", "b.js", "x.ts", "keep.ts", "1.tsx", "ab.ts", "x", "b", "c.log", "#h.ts", "!b.ts", "t.t", "Z.ts"]
        let patterns = [
            "*.log", "/a/**/b", "a/**", "**/x", "!*.ts", "\\#h.ts", "x.ts   ", "[abc].js", "[!a-c]*.tsx", "[[:digit:]]*",
            "*.t?", "b/", "/x", "x/", "!x/keep.ts", "dir/*", "!dir/keep.ts", "**/b/*.js", "a/*/x.ts", "*", "!*/", "?.ts",
            "\\!b.ts", "# comment", "", "a/**/", "deep/**/a.ts", "*.[jt]s", "!/a/", "keep.ts", "!keep.ts", "[A-Z].ts",
            "sub", "!sub/", "**/a/b/*", "/dir/sub/", "b/a", "!b", "a/b/**/keep.ts", "**", "x/**/ab.ts", "!**/x.ts",
        ]
        var ignored = 0
        for _ in 0..<120 {
            var files = Set<String>()
            for _ in 0..<(8 + next(20)) {
                let directory = next(4) == 0 ? "" : directories[next(directories.count)] + "/"
                files.insert(directory + names[next(names.count)])
            }
            var ignores: [String: String] = [:]
            for index in 0..<(1 + next(3)) {
                let place = index == 0 ? "" : directories[next(directories.count)] + "/"
                ignores[place + ".gitignore"] = (0..<(1 + next(6))).map { _ in patterns[next(patterns.count)] }.joined(separator: "\n") + "\n"
            }
            // A name used as a directory elsewhere cannot be a file.
            func parents(_ path: String) -> [String] {
                let parts = path.split(separator: "/").dropLast()
                return parts.indices.map { parts[...($0)].joined(separator: "/") }
            }
            let directoryNames = Set(files.flatMap(parents) + ignores.keys.flatMap(parents))
            ignored += try Self.compareWithGit(files.filter { !directoryNames.contains($0) }.sorted(), ignores: ignores)
        }
        #expect(ignored > 500)
    }

    @Test func infoExcludeAndTheGlobalExcludesFileAreRead() throws {
        try Self.compareWithGit(["a.ts", "b.ts", "c.ts", "sub/b.ts"], ignores: [".gitignore": "!c.ts\n"]) { directory in
            try Self.write("b.ts\nc.ts\n", to: ".git/info/exclude", in: directory)
        }
        // core.excludesFile from the global configuration, with `~` expanded; and the default
        // $XDG_CONFIG_HOME/git/ignore when no configuration names one.
        let home = try Self.temporaryDirectory()
        try Self.write("[core]\n\texcludesFile = ~/global-ignore\n", to: "gitconfig", in: home)
        try Self.write("*.js\n", to: "global-ignore", in: home)
        try Self.write("*.jsx\n", to: "xdg/git/ignore", in: home)
        let directory = try Self.temporaryDirectory()
        try Self.gitOutput(["init", "-q"], in: directory)
        for file in ["a.ts", "b.js", "c.jsx"] { try Self.write("x\n", to: file, in: directory) }
        let previousHome = ProcessInfo.processInfo.environment["HOME"]
        setenv("HOME", home.path, 1)
        defer { if let previousHome { setenv("HOME", previousHome, 1) } }
        for (global, expectedFiles) in [(home.path + "/gitconfig", ["a.ts", "c.jsx"]), ("/dev/null", ["a.ts", "b.js"])] {
            let environment = ["GIT_CONFIG_GLOBAL": global, "XDG_CONFIG_HOME": home.path + "/xdg", "HOME": home.path]
            try Self.withGitEnvironment(environment) {
                let listed = try Self.gitVisibleFiles(in: directory, environment: environment)
                let walked = try Self.walkerVisibleFiles(in: directory)
                #expect(listed == expectedFiles)
                #expect(walked == expectedFiles)
            }
        }
    }

    @Test func ignoreEngineAgreesWithGitOnThisCheckout() throws {
        // The project's own tree, tracked and untracked files alike (nothing tracked here is matched
        // by an ignore rule, so git's cached list cannot differ from the rules).
        let root = TestSupport.packageRoot
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path) else { return }
        try Self.withGitEnvironment([:]) {
            let trackedButIgnored = try Self.gitOutput(["ls-files", "--cached", "--ignored", "--exclude-standard"], in: root)
            #expect(trackedButIgnored.isEmpty)
            let expected = try Self.gitOutput(["ls-files", "-z", "--cached", "--others", "--exclude-standard"], in: root)
                .split(separator: "\0").map(String.init)
                .filter { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
            let actual = try Self.walkerVisibleFiles(in: root)
            #expect(Set(expected).subtracting(actual).sorted() == [])
            #expect(Set(actual).subtracting(expected).sorted() == [])
            #expect(expected.count > 100)
        }
    }

    // MARK: Explicit paths win

    static func ignoredProject() throws -> URL {
        let directory = try temporaryDirectory()
        try git(["init", "-q"], in: directory)
        try write("generated/\nsecret.ts\n", to: ".gitignore", in: directory)
        try write(blindCheck, to: "generated/push.ts", in: directory)
        try write(blindCheck, to: "secret.ts", in: directory)
        try write(blindCheck, to: "src/app.ts", in: directory)
        return directory
    }

    @Test func aWalkSkipsWhatGitignoreLists() throws {
        let directory = try Self.ignoredProject()
        let run = Self.run(["."], in: directory)
        #expect(run.output.contains("src/app.ts:5:10"))
        #expect(!run.output.contains("generated/push.ts"))
        #expect(!run.output.contains("secret.ts"))
        #expect(run.output.contains("(1 checked)"))
    }

    @Test func aNamedIgnoredDirectoryIsLinted() throws {
        let directory = try Self.ignoredProject()
        let run = Self.run(["--format", "concise", "generated/"], in: directory)
        #expect(run.status == 1)
        #expect(run.output.contains(Self.latentBlindCheck(at: "generated/push.ts:5:10")), "\(run.output)")
        // Rules still apply below a named directory, relative to their own file.
        try Self.write("*.ts\n", to: "generated/.gitignore", in: directory)
        try Self.write(Self.blindCheck, to: "generated/keep.js", in: directory)
        let inner = Self.run(["generated"], in: directory)
        #expect(inner.output.contains("generated/keep.js:5:10"))
        #expect(!inner.output.contains("generated/push.ts"))
    }

    @Test func aNamedIgnoredFileIsLinted() throws {
        let directory = try Self.ignoredProject()
        let run = Self.run(["--format", "concise", "secret.ts"], in: directory)
        #expect(run.status == 1)
        #expect(run.output.contains(Self.latentBlindCheck(at: "secret.ts:5:10")), "\(run.output)")
    }

    @Test func noIgnoreReadsNoIgnoreFile() throws {
        let directory = try Self.ignoredProject()
        try Self.write("src/\n", to: ".granted-lintignore", in: directory)
        let run = Self.run(["--no-ignore", "--list-files"], in: directory)
        #expect(run.status == 0)
        #expect(run.output == "generated/push.ts\nsecret.ts\nsrc/app.ts\n")
        let excluded = Self.run(["--no-ignore", "--exclude", "secret.ts", "--list-files"], in: directory)
        #expect(excluded.output == "generated/push.ts\nsrc/app.ts\n")
    }

    @Test func grantedLintIgnoreAppliesInsideAndOutsideGit() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(Self.blindCheck, to: "src/app.ts", in: directory)
        try Self.write(Self.blindCheck, to: "src/legacy/old.ts", in: directory)
        try Self.write(Self.blindCheck, to: "src/gen.ts", in: directory)
        try Self.write("legacy/\n", to: "src/.granted-lintignore", in: directory)
        // Outside a work tree .gitignore means nothing, .granted-lintignore still applies.
        try Self.write("gen.ts\n", to: "src/.gitignore", in: directory)
        #expect(Self.run(["--list-files"], in: directory).output == "src/app.ts\nsrc/gen.ts\n")
        try Self.git(["init", "-q"], in: directory)
        #expect(Self.run(["--list-files"], in: directory).output == "src/app.ts\n")
        // A .granted-lintignore above a named directory applies below it.
        #expect(Self.run(["--list-files", "src"], in: directory).output == "src/app.ts\n")
    }

    @Test func aWorktreeWithAGitFileIsARepository() throws {
        let main = try Self.temporaryDirectory()
        try Self.git(["init", "-q"], in: main)
        try Self.write("x\n", to: "README", in: main)
        try Self.git(["add", "README"], in: main)
        try Self.git(["commit", "-q", "-m", "init"], in: main)
        let worktree = main.deletingLastPathComponent().appendingPathComponent(main.lastPathComponent + "-worktree")
        try Self.git(["worktree", "add", "-q", worktree.path], in: main)
        defer { try? FileManager.default.removeItem(at: worktree) }
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: worktree.appendingPathComponent(".git").path, isDirectory: &isDirectory) && !isDirectory.boolValue)
        try Self.write("ignored.ts\n", to: ".gitignore", in: worktree)
        // info/exclude lives in the main repository's directory.
        try Self.write("excluded.ts\n", to: ".git/info/exclude", in: main)
        for name in ["app.ts", "ignored.ts", "excluded.ts"] { try Self.write(Self.blindCheck, to: "src/" + name, in: worktree) }
        try Self.withGitEnvironment([:]) {
            #expect(Self.run(["--list-files"], in: worktree).output == "src/app.ts\n")
            let listed = try Self.gitVisibleFiles(in: worktree).filter { $0.hasSuffix(".ts") }
            #expect(listed == ["src/app.ts"])
        }
        // SARIF URIs are relative to the worktree's top, found through the .git file.
        let sarif = Self.run(["--format", "sarif", "."], in: worktree.appendingPathComponent("src"))
        #expect(sarif.output.contains("\"uri\": \"src/app.ts\""), "\(sarif.output)")
    }

    // MARK: Saying why nothing was checked

    @Test func aDirectoryWhoseFilesAreAllExcludedIsExplained() throws {
        let directory = try Self.ignoredProject()
        try Self.write("*\n", to: "generated/.gitignore", in: directory)
        try Self.write(Self.blindCheck, to: "generated/more/b.tsx", in: directory)
        let run = Self.run(["generated"], in: directory)
        #expect(run.status == 2)
        #expect(run.output.contains("Error: all 2 files under generated/ are excluded: ignored by generated/.gitignore:1 (`*`)."))
        #expect(run.output.contains("No problems found (0 files checked)."))

        let json = Self.run(["--format", "json", "generated"], in: directory)
        #expect(json.status == 2)
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let notes = object?["notes"] as? [[String: Any]]
        #expect(notes?.count == 1)
        #expect(notes?.first?["level"] as? String == "error")
        #expect(notes?.first?["path"] as? String == "generated/")
        #expect((notes?.first?["message"] as? String)?.contains("ignored by generated/.gitignore:1") == true)

        let sarif = Self.run(["--format", "sarif", "generated"], in: directory)
        let log = try JSONSerialization.jsonObject(with: Data(sarif.output.utf8)) as? [String: Any]
        let invocation = ((log?["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?.first
        #expect(invocation?["executionSuccessful"] as? Bool == false)
        let notification = (invocation?["toolExecutionNotifications"] as? [[String: Any]])?.first
        #expect(notification?["level"] as? String == "error")
        #expect(((notification?["message"] as? [String: Any])?["text"] as? String)?.contains("all 2 files under generated/ are excluded") == true)

        // Several reasons are counted apart; --exclude is named as such.
        try FileManager.default.removeItem(at: directory.appendingPathComponent("generated/.gitignore"))
        try Self.write("more/\n", to: "generated/.gitignore", in: directory)
        let mixed = Self.run(["--exclude", "**/push.ts", "generated"], in: directory)
        #expect(mixed.status == 2)
        #expect(mixed.output.contains("all 2 files under generated/ are excluded: "))
        #expect(mixed.output.contains("1 ignored by generated/.gitignore:1 (`more/`)"))
        #expect(mixed.output.contains("1 by --exclude `**/push.ts`"))
    }

    @Test func aDirectoryWithNothingToLintIsANoteNotAFailure() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write("# docs\n", to: "docs/README.md", in: directory)
        let run = Self.run(["docs"], in: directory)
        #expect(run.status == 0)
        #expect(run.output.contains("Note: no files to lint under docs/"))
    }

    // MARK: No git process

    @Test func aPlainLintStartsNoGitProcess() throws {
        let directory = try Self.ignoredProject()
        let fakeBin = try Self.temporaryDirectory()
        let marker = fakeBin.appendingPathComponent("git-was-run")
        try Self.write("#!/bin/sh\necho \"git must not run\" >&2\ntouch '\(marker.path)'\nexit 97\n", to: "git", in: fakeBin)
        chmod(fakeBin.appendingPathComponent("git").path, 0o755)
        let binary = TestSupport.builtExecutable
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            Issue.record("the granted-lint executable is not built at \(binary.path)")
            return
        }
        for arguments in [["."], ["--format", "sarif", "."], ["generated"], ["src/app.ts"], ["--list-files"], ["inventory", "."]] {
            let process = Process()
            process.executableURL = binary
            process.arguments = arguments
            process.currentDirectoryURL = directory
            process.environment = ["PATH": fakeBin.path + ":/usr/bin:/bin", "HOME": directory.path]
            let errors = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(!FileManager.default.fileExists(atPath: marker.path), "\(arguments) started git: \(stderr)")
            #expect(process.terminationStatus == 1 || process.terminationStatus == 0, "\(arguments): \(stderr)")
        }
    }
}

// Part of the serialized CLITests suite: these read or change the working directory, which the
// CLI tests change too.
extension CLITests {
    /// `absolute` on bytes: normal paths come back as they are, the rest normalised, relative ones
    /// against the working directory.
    struct AbsolutePathTests {
        @Test(arguments: [
            ("/", "/"), ("/a/b", "/a/b"), ("/a//b/", "/a/b"), ("/a/./b/../c", "/a/c"), ("/..", "/"), ("/a/b/..", "/a"),
            ("//a", "/a"), ("/a/.hidden/..b", "/a/.hidden/..b"), ("/tmp/café/ü …/x.ts", "/tmp/café/ü …/x.ts"), ("/a/b/.", "/a/b"),
        ])
        func normalisesAbsolutePaths(_ input: String, _ expected: String) {
            #expect(absolute(input) == expected)
        }

        @Test func relativePathsStartAtTheWorkingDirectory() {
            let cwd = FileManager.default.currentDirectoryPath
            #expect(absolute(".") == cwd)
            #expect(absolute("x/./y") == cwd + "/x/y")
            #expect(absolute("x/../..") == (cwd as NSString).deletingLastPathComponent)
        }

        /// Paths below the working directory are shown relative to it, also when it is `/` (a
        /// container's default working directory), where `cwd + "/"` would be `//`.
        @Test func displayPathsAreRelativeToTheWorkingDirectoryEvenAtTheRoot() throws {
            let saved = FileManager.default.currentDirectoryPath
            defer { _ = FileManager.default.changeCurrentDirectoryPath(saved) }
            #expect(displayPath(saved + "/src/a.ts") == "src/a.ts")
            try #require(FileManager.default.changeCurrentDirectoryPath("/"))
            #expect(displayPath("/src/a.ts") == "src/a.ts")
            #expect(displayPath("src/a.ts") == "src/a.ts")
            #expect(displayPath("/") == "/")
        }
    }

    /// The walk that hands files over as it finds them (the default run lints them on the walk's
    /// threads): every file once, with its directory's context and a number that puts it in place.
    struct HandedFilesTests {
        final class Received: @unchecked Sendable {
            let lock = NSLock()
            var files: [(path: String, number: Int, context: String?)] = []
        }

        @Test func everyFileIsHandedOverOnceWithItsNumberAndContext() throws {
            let root = try CLITests.temporaryDirectory()
            var expected: [String] = []
            // One directory with more files than a batch holds, nested ones, and one with nothing.
            for index in 0..<(FileWalker.batchSize * 2 + 3) {
                try CLITests.write("export const a\(index) = \(index);\n", to: "big/f\(index).ts", in: root)
                expected.append("big/f\(index).ts")
            }
            for path in ["a/b/c/deep.tsx", "a/b/mid.js", "a/top.jsx", "z.ts"] {
                try CLITests.write("export {};\n", to: path, in: root)
                expected.append(path)
            }
            try CLITests.write("# not linted\n", to: "docs/README.md", in: root)
            let received = Received()
            var walker = FileWalker(selection: FileSelection { directory in .init(extensions: ["ts", "tsx", "js", "jsx"], context: directory) })
            walker.onFound = { files, firstNumber, context in
                received.lock.lock()
                for (offset, file) in files.enumerated() { received.files.append((file.path, firstNumber + offset, context as? String)) }
                received.lock.unlock()
            }
            let previous = FileManager.default.currentDirectoryPath
            _ = FileManager.default.changeCurrentDirectoryPath(root.path)
            defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
            let result = try walker.walk(".")

            #expect(result.files.map(\.path) == expected.sorted())
            #expect(result.files.allSatisfy { $0.absolutePath == FileManager.default.currentDirectoryPath + "/" + $0.path })
            #expect(received.files.map(\.path).sorted() == expected.sorted())
            #expect(received.files.map(\.number).sorted() == Array(0..<expected.count))
            // The result says which number each listed file came with.
            let byNumber = Dictionary(uniqueKeysWithValues: received.files.map { ($0.number, $0.path) })
            #expect(result.handedNumbers.count == result.files.count)
            for (file, number) in zip(result.files, result.handedNumbers) { #expect(byNumber[number] == file.path) }
            // Each file comes with its own directory's context.
            for file in received.files {
                let directory = (root.path + "/" + file.path as NSString).deletingLastPathComponent
                #expect(file.context.map { resolvedPath($0) } == resolvedPath(directory), "\(file.path)")
            }
        }

        /// Each walk thread sorts the files it found and the runs are merged: whatever the number of
        /// threads (an odd one leaves a run unpaired), the list is in path order — `Z` before `a`,
        /// `a/b` after `a.ts` and before `a0.ts`, as byte order has it — and each file keeps its number.
        @Test(arguments: [1, 2, 3, 5, 8])
        func theListIsInPathOrderWhateverTheNumberOfThreads(threads: Int) throws {
            let root = try CLITests.temporaryDirectory()
            var expected: [String] = []
            for directory in ["a", "a/b", "b", "Z", "c/d/e", "c"] {
                for index in 0..<7 {
                    let path = "\(directory)/f\(index).ts"
                    try CLITests.write("export {};\n", to: path, in: root)
                    expected.append(path)
                }
            }
            for path in ["a.ts", "a0.ts", "Z.ts"] {
                try CLITests.write("export {};\n", to: path, in: root)
                expected.append(path)
            }
            var walker = FileWalker(selection: FileSelection { _ in .init(extensions: ["ts"]) })
            walker.threads = threads
            let (result, handed) = try walkRecordingHandOver(walker, in: root)

            #expect(result.files.map(\.path) == expected.sorted())
            expectEachFileKeepsItsNumber(result, handed: handed)
        }

        /// Walks `root` (from inside it), recording the files handed over in order, with their numbers.
        private func walkRecordingHandOver(_ walker: FileWalker, in root: URL) throws -> (FileWalker.Result, [(path: String, number: Int)]) {
            let received = Received()
            var walker = walker
            walker.onFound = { files, firstNumber, _ in
                received.lock.lock()
                for (offset, file) in files.enumerated() { received.files.append((file.path, firstNumber + offset, nil)) }
                received.lock.unlock()
            }
            let previous = FileManager.default.currentDirectoryPath
            _ = FileManager.default.changeCurrentDirectoryPath(root.path)
            defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
            let result = try walker.walk(".")
            return (result, received.files.map { ($0.path, $0.number) })
        }

        private func expectEachFileKeepsItsNumber(_ result: FileWalker.Result, handed: [(path: String, number: Int)]) {
            let byNumber = Dictionary(uniqueKeysWithValues: handed.map { ($0.number, $0.path) })
            #expect(result.handedNumbers.count == handed.count)
            for (file, number) in zip(result.files, result.handedNumbers) { #expect(byNumber[number] == file.path) }
        }

        /// The files of a directory the consumer prefers (and of those below it) are handed over
        /// before any other, wherever the walk finds it; the others follow in the order their
        /// directories were listed, the named directory's own first.
        @Test func filesOfPreferredDirectoriesAreHandedOverFirst() throws {
            let root = try CLITests.temporaryDirectory()
            for path in ["a/one.ts", "a/b/c/d/two.ts", "z/three.ts", "deep/er/pushNotifications/handler.ts",
                         "deep/er/pushNotifications/utils/index.ts", "deep/other.ts", "App.tsx"] {
                try CLITests.write("export {};\n", to: path, in: root)
            }
            var walker = FileWalker(selection: FileSelection { _ in .init(extensions: ["ts", "tsx"]) })
            walker.threads = 1
            walker.prefersDirectory = { $0 == "pushNotifications" }
            let (result, handed) = try walkRecordingHandOver(walker, in: root)

            let order = handed.map(\.path)
            #expect(Set(order.prefix(2)) == ["deep/er/pushNotifications/handler.ts", "deep/er/pushNotifications/utils/index.ts"])
            #expect(order.dropFirst(2).first == "App.tsx")
            #expect(order.count == 7)
            #expect(result.files.map(\.path) == order.sorted())
            expectEachFileKeepsItsNumber(result, handed: handed)
        }

        /// A thread with nothing to take while another is still busy asks the consumer for work of
        /// its own (`onIdle`) before it waits, and looks again when it did some.
        @Test func aThreadWithNothingToTakeAsksForWorkWhileAnotherIsBusy() throws {
            let root = try CLITests.temporaryDirectory()
            try CLITests.write("export {};\n", to: "slow/slow.ts", in: root)
            for index in 0..<5 { try CLITests.write("export {};\n", to: "quick/q\(index).ts", in: root) }
            final class Calls: @unchecked Sendable {
                let lock = NSLock()
                var slowRunning = false
                var callsWhileSlowRuns = 0
                var released = false
                let secondCall = DispatchSemaphore(value: 0)
            }
            let calls = Calls()
            var walker = FileWalker(selection: FileSelection { _ in .init(extensions: ["ts"]) })
            walker.threads = 2
            walker.onFound = { files, _, _ in
                // The slow directory's file keeps its thread busy until the other thread, out of
                // work, has asked for some twice (or five seconds, when it never does).
                guard files.contains(where: { $0.path.hasSuffix("slow.ts") }) else { return }
                calls.lock.lock()
                calls.slowRunning = true
                calls.lock.unlock()
                let released = calls.secondCall.wait(timeout: .now() + 5) == .success
                calls.lock.lock()
                calls.released = released
                calls.slowRunning = false
                calls.lock.unlock()
            }
            walker.onIdle = {
                calls.lock.lock()
                defer { calls.lock.unlock() }
                guard calls.slowRunning else {
                    // Before the slow file has begun (or after): look again shortly.
                    usleep(200)
                    return true
                }
                calls.callsWhileSlowRuns += 1
                // The first time it says it did some work: the thread must ask again, not wait.
                if calls.callsWhileSlowRuns == 1 { return true }
                if calls.callsWhileSlowRuns == 2 { calls.secondCall.signal() }
                return false
            }
            let result = try walker.walk(root.path)
            #expect(result.files.count == 6)
            #expect(calls.released)
            #expect(calls.callsWhileSlowRuns >= 2)
        }

        @Test func explainingHandsNothingOver() throws {
            let root = try CLITests.temporaryDirectory()
            try CLITests.write("export {};\n", to: "generated/x.ts", in: root)
            try CLITests.write("generated/\n", to: ".granted-lintignore", in: root)
            let received = Received()
            var walker = FileWalker(selection: FileSelection { _ in .init(extensions: ["ts"]) })
            walker.onFound = { files, firstNumber, _ in
                received.lock.lock()
                received.files += files.map { ($0.path, firstNumber, nil) }
                received.lock.unlock()
            }
            let exclusions = try walker.explainExclusions(below: root.path)
            #expect(exclusions.values.reduce(0, +) == 1)
            #expect(received.files.isEmpty)
        }

        func resolvedPath(_ path: String) -> String {
            guard let resolved = realpath(path, nil) else { return path }
            defer { free(resolved) }
            return String(cString: resolved)
        }
    }
}
