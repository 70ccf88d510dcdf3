import Dispatch
import Foundation
import GrantedEngine
import GrantedReporters
import GrantedRules
import GrantedSyntax

public enum GrantedCLI {
    public static let version = BuildInfo.version

    /// Every rule id a configuration or a suppression may name.
    static let knownRuleIds = Set(BuiltinRules.all.map { $0.description.id } + EngineRules.all.map(\.id))

    /// Runs the command line and returns the exit code: 0 clean, 1 findings at or above the failure
    /// level, 2 usage or configuration error, unreadable path or internal error.
    public static func run(
        _ arguments: [String],
        standardOutput: (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) },
        standardError: (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) },
        isTerminal: Bool = isatty(STDOUT_FILENO) != 0
    ) -> Int32 {
        let options: Options
        do {
            options = try Options.parse(arguments)
        } catch let error as Options.UsageError {
            standardError("granted-lint: \(error.message)\nTry 'granted-lint --help'.\n")
            return 2
        } catch {
            standardError("granted-lint: \(error)\n")
            return 2
        }
        switch options.command {
        case let .explain(id):
            guard let description = (BuiltinRules.all.map { $0.description } + EngineRules.all).first(where: { $0.id == id }) else {
                standardError("granted-lint: unknown rule id '\(id)'; see 'granted-lint --list-rules'\n")
                return 2
            }
            standardOutput(RuleDocs.page(for: description))
            return 0
        case let .ruleDocs(directory):
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                for (name, content) in RuleDocs.files(for: BuiltinRules.all.map { $0.description } + EngineRules.all) {
                    try AtomicFile.write(Array(content.utf8), to: directory + "/" + name)
                }
            } catch {
                standardError("granted-lint: cannot write the rules reference: \(error)\n")
                return 2
            }
            return 0
        case .lint, .inventory:
            break
        }
        if options.showHelp {
            standardOutput(Options.help + "\n")
            return 0
        }
        if options.showVersion {
            standardOutput(BuildInfo.versionLine + "\n")
            return 0
        }
        if options.listRules {
            standardOutput(listRules())
            return 0
        }
        do {
            return try lintCommand(options, standardOutput: standardOutput, standardError: standardError, isTerminal: isTerminal)
        } catch let error as Configuration.LoadError {
            standardError("granted-lint: \(displayPath(error.path))\(error.line.map { ":\($0)" } ?? ""): \(error.message)\n")
            return 2
        } catch {
            standardError("granted-lint: \(error)\n")
            return 2
        }
    }

    static func listRules() -> String {
        let descriptions = BuiltinRules.all.map { $0.description } + EngineRules.all
        let width = descriptions.map(\.id.count).max() ?? 0
        return descriptions.map { description in
            let id = description.id.padding(toLength: width, withPad: " ", startingAt: 0)
            let severity = description.defaultSeverity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            return "\(id)  \(severity)  \(description.summary)\n"
        }.joined()
    }

    /// A path for messages: relative to the working directory when it lies below it.
    static func displayPath(_ path: String) -> String {
        let cwd = absolute(".")
        let full = absolute(path)
        if full.hasPrefix(cwd + "/") { return String(full.dropFirst(cwd.count + 1)) }
        return path
    }

    /// The rules a configuration runs, at its severities.
    static func rules(for configuration: Configuration) -> [ConfiguredRule] {
        BuiltinRules.all.compactMap { rule in
            configuration.severity(of: rule.description.id, default: rule.description.defaultSeverity)
                .map { ConfiguredRule(rule, severity: $0) }
        }
    }

    static func engineSeverities(for configuration: Configuration) -> [String: Severity?] {
        var severities: [String: Severity?] = [:]
        for rule in EngineRules.all {
            if let configured = configuration.severities[rule.id] { severities[rule.id] = configured }
        }
        return severities
    }

    static func accepts(_ path: String, configuration: Configuration) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return false }
        let fileExtension = String(name[name.index(after: dot)...]).lowercased()
        guard (configuration.extensions ?? Grammar.defaultExtensions).contains(fileExtension) else { return false }
        if configuration.exclude.isEmpty { return true }
        let full = absolute(path)
        let base = configuration.baseDirectory == "/" ? "/" : configuration.baseDirectory + "/"
        let relative = full.hasPrefix(base) ? String(full.dropFirst(base.count)) : full
        return !configuration.exclude.contains { $0.matches(relative) }
    }

    private static func lintCommand(
        _ options: Options, standardOutput: (String) -> Void, standardError: (String) -> Void, isTerminal: Bool
    ) throws -> Int32 {
        let resolver = try ConfigurationResolver(knownRuleIds: knownRuleIds, overridePath: options.configPath)
        if let path = options.printConfigPath {
            standardOutput(try printConfiguration(for: path, resolver: resolver))
            return 0
        }
        if options.command == .inventory {
            return try inventoryCommand(options, resolver: resolver, standardOutput: standardOutput, standardError: standardError)
        }

        // Which files, and where their bytes come from.
        var files: [String] = []
        var problems: [FileProblem] = []
        var notes: [RunNote] = []
        var stagedContent = false
        if options.staged {
            stagedContent = true
            let wantedRoots = options.paths.map(absolute)
            for path in try Git.stagedFiles() {
                let full = absolute(path)
                guard wantedRoots.contains(where: { full == $0 || full.hasPrefix($0 == "/" ? "/" : $0 + "/") }) else { continue }
                if accepts(path, configuration: try resolver.configuration(forFile: path)),
                   !options.excludes.map(Glob.init).contains(where: { $0.matches(path) }) {
                    files.append(path)
                }
            }
        } else {
            let found = try discovery(options, resolver: resolver).discover(options.paths)
            files = found.files
            problems = found.problems
            notes = runNotes(for: found)
            if options.listFiles {
                for problem in problems { standardError("granted-lint: \(problem.path): \(problem.reason)\n") }
                for note in notes { standardError("granted-lint: \(note.message)\n") }
                standardOutput(files.map { ($0.hasPrefix("./") ? String($0.dropFirst(2)) : $0) + "\n" }.joined())
                return problems.isEmpty && !notes.contains { $0.level == .error } ? 0 : 2
            }
            if let ref = options.changedSince {
                let changed = Set(try Git.changedFiles(since: ref).map(absolute))
                files = files.filter { changed.contains(absolute($0)) }
            }
        }
        let outcomes: [FileOutcome]
        if case .none = options.fixMode, !options.parseOnly, !options.noPrefilter, !stagedContent {
            outcomes = try lintProject(files, resolver: resolver, options: options)
        } else {
            var configurations: [Configuration] = []
            for file in files { configurations.append(try resolver.configuration(forFile: file)) }
            // Fixes, staged content and the benchmarks' modes: the index first, then every file.
            let firstPass: (project: ProjectIndex, relevant: [Bool?])? = options.parseOnly || options.noPrefilter || stagedContent
                ? nil : buildProjectIndexAndRelevance(files, options: options)
            let project = firstPass?.project ?? (options.parseOnly ? nil : buildProjectIndex(files, options: options))
            let skippable = firstPass != nil && project?.exportedNames.isEmpty == true
            outcomes = lint(
                files.indices.map { index in
                    LintJob(
                        path: files[index], configuration: configurations[index], fromIndex: stagedContent,
                        knownIrrelevant: skippable && firstPass?.relevant[index] == false
                    )
                },
                options: options, project: project
            )
        }
        var report = LintReport(results: [], problems: problems, notes: notes)
        var fixed = 0
        var fixedFiles = 0
        var rejected = 0
        var diffs: [String] = []
        var fixNotes: [String] = []
        for outcome in outcomes {
            switch outcome.result {
            case let .success(result): report.results.append(result)
            case let .failure(problem): report.problems.append(problem)
            }
            fixed += outcome.fixedCount
            if outcome.fixedCount > 0 { fixedFiles += 1 }
            rejected += outcome.rejectedCount
            if let diff = outcome.diff { diffs.append(diff) }
            if outcome.diff == nil { fixNotes += outcome.notes }
            if let error = outcome.writeError { report.problems.append(error) }
        }

        if options.changedSince == nil, !options.staged {
            addMissingChannelNote(to: &report)
        }

        // Baseline: record, then hide what it lists.
        let root = RepositoryRoot.find()
        var messages: [String] = []
        if let path = options.writeBaselinePath {
            var baseline = Baseline()
            for result in report.results {
                for diagnostic in result.diagnostics {
                    baseline.record(Baseline.key(for: diagnostic, path: root.relativePath(of: result.file.path), text: result.file.text))
                }
            }
            try AtomicFile.write(Array(baseline.serialized().utf8), to: path)
            messages.append("Wrote \(baseline.entryCount) finding\(baseline.entryCount == 1 ? "" : "s") to the baseline \(path).")
        }
        if let path = options.baselinePath {
            var baseline: Baseline
            do {
                baseline = try Baseline.parse(try readFile(path))
            } catch let error as Baseline.FormatError {
                throw Configuration.LoadError(path: path, line: nil, message: "not a granted-lint baseline: \(error.message)")
            }
            var hidden = 0
            var lintedPaths = Set<String>()
            for index in report.results.indices {
                let result = report.results[index]
                let relative = root.relativePath(of: result.file.path)
                lintedPaths.insert(relative)
                let kept = result.diagnostics.filter { diagnostic in
                    !baseline.consume(Baseline.key(for: diagnostic, path: relative, text: result.file.text))
                }
                hidden += result.diagnostics.count - kept.count
                report.results[index] = result.replacing(diagnostics: kept)
            }
            if hidden > 0 { messages.append("\(hidden) finding\(hidden == 1 ? "" : "s") hidden by the baseline \(path).") }
            let stale = baseline.unmatched(in: lintedPaths).reduce(0) { $0 + $1.1 }
            if stale > 0 {
                messages.append("\(stale) baseline entr\(stale == 1 ? "y no longer matches" : "ies no longer match"); prune with --write-baseline \(path).")
            }
        }
        switch options.fixMode {
        case .apply:
            messages += fixNotes
            messages.append("Fixed \(fixed) problem\(fixed == 1 ? "" : "s") in \(fixedFiles) file\(fixedFiles == 1 ? "" : "s")\(rejected > 0 ? "; \(rejected) fix\(rejected == 1 ? " was" : "es were") rejected because it would break the syntax" : "").")
        case .dryRun:
            messages.append("\(fixed) problem\(fixed == 1 ? "" : "s") in \(fixedFiles) file\(fixedFiles == 1 ? "" : "s") would be fixed (dry run: nothing written).")
        case .none:
            break
        }

        for problem in report.problems {
            standardError("granted-lint: \(problem.path): \(problem.reason)\n")
        }
        let toTerminal = isTerminal && options.outputPath == nil
        let color = toTerminal && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) != false
        let allRules = BuiltinRules.all.map { ConfiguredRule($0) }
        var rendered = diffs.joined()
        rendered += render(report, as: options.format, rules: allRules, root: root, color: color)
        if options.format == .text, !messages.isEmpty { rendered += messages.joined(separator: "\n") + "\n" }
        if options.format != .text { for message in messages { standardError("granted-lint: \(message)\n") } }
        if let path = options.outputPath {
            try writeReport(rendered, to: path)
        } else {
            standardOutput(rendered)
        }
        if let path = options.sarifOutputPath {
            let sarif = options.format == .sarif ? rendered : render(report, as: .sarif, rules: allRules, root: root, color: false)
            try writeReport(sarif, to: path)
        }

        if !report.problems.isEmpty || report.notes.contains(where: { $0.level == .error }) { return 2 }
        let failing = report.results.contains { $0.diagnostics.contains { $0.severity >= options.failOn } }
        if failing { return 1 }
        if let maxWarnings = options.maxWarnings, report.count(of: .warning) > maxWarnings { return 1 }
        return 0
    }

    /// `granted-lint inventory`: every place the code reads, requests or decides on notification
    /// permission, as a table, JSON or Markdown.
    static func inventoryCommand(
        _ options: Options, resolver: ConfigurationResolver, standardOutput: (String) -> Void, standardError: (String) -> Void
    ) throws -> Int32 {
        let found = try discovery(options, resolver: resolver).discover(options.paths)
        for note in runNotes(for: found) where note.level == .error { standardError("granted-lint: \(note.message)\n") }
        let project = buildProjectIndex(found.files, options: options)
        let modules = ProjectIndex.moduleNames
        let names = project.exportedNames
        var entries: [InventoryReporter.Entry] = []
        var problems = found.problems
        for path in found.files {
            let displayPath = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
            switch FileReader.read(path, maxSize: options.maxFileSize) {
            case let .failure(problem):
                problems.append(FileProblem(path: displayPath, kind: problem.kind, reason: problem.reason))
            case let .success(bytes):
                let text = SourceText(bytes: bytes)
                guard options.noPrefilter || modules.contains(where: { text.contains($0) }) || names.contains(where: { text.contains($0) }) else { continue }
                let fileExtension = displayPath.split(separator: ".").last.map(String.init) ?? ""
                let parser = SyntaxParser(grammar: Grammar(fileExtension: fileExtension) ?? .tsx)
                guard let tree = parser.parse(text) else { continue }
                let model = SemanticModel(tree: tree, path: displayPath, project: project)
                let recovery = ParseRecovery.of(tree) { model }
                for site in PermissionInventory.sites(in: model) {
                    entries.append(InventoryReporter.Entry(
                        path: displayPath, position: text.position(of: site.range.lowerBound), site: site,
                        incompleteAnalysis: recovery?.mayBeIncomplete(at: site.range.lowerBound) ?? false
                    ))
                }
            }
        }
        for problem in problems { standardError("granted-lint: \(problem.path): \(problem.reason)\n") }
        let rendered = InventoryReporter(toolVersion: version).render(entries, format: options.format == .json ? .json : options.format == .markdown ? .markdown : .text)
        if let path = options.outputPath { try writeReport(rendered, to: path) } else { standardOutput(rendered) }
        return problems.isEmpty && !runNotes(for: found).contains(where: { $0.level == .error }) ? 0 : 2
    }

    /// File discovery as the options and configuration ask for it: extensions per directory from the
    /// nearest configuration, `--exclude` globs (relative to the working directory) and the
    /// configuration's `exclude` (relative to its file), ignore files unless `--no-ignore`.
    static func discovery(_ options: Options, resolver: ConfigurationResolver) -> FileDiscovery {
        let globs = options.excludes.map(Glob.init)
        let selection = FileSelection { directory in
            let configuration = try resolver.configuration(forDirectory: directory)
            let extensions = Set((configuration.extensions ?? Grammar.defaultExtensions).map { $0.lowercased() })
            guard !globs.isEmpty || !configuration.exclude.isEmpty else { return .init(extensions: extensions) }
            let base = configuration.baseDirectory == "/" ? "/" : configuration.baseDirectory + "/"
            let exclusion: (String, String) throws -> String? = { shown, absolutePath in
                var path = shown
                while path.hasPrefix("./") { path.removeFirst(2) }
                if let glob = globs.first(where: { $0.matches(path) }) { return "by --exclude `\(glob.pattern)`" }
                let relative = absolutePath.hasPrefix(base) ? String(absolutePath.dropFirst(base.count)) : absolutePath
                if let glob = configuration.exclude.first(where: { $0.matches(relative) }) {
                    return "by `\(glob.pattern)` in the exclude of \(displayPath(configuration.path ?? Configuration.fileName))"
                }
                return nil
            }
            return .init(extensions: extensions, exclusion: exclusion)
        }
        var walker = FileWalker(selection: selection)
        walker.respectsIgnoreFiles = !options.noIgnore
        return FileDiscovery(walker: walker)
    }

    /// What a run says about the named directories that gave it nothing to lint.
    static func runNotes(for found: FileDiscovery.Found) -> [RunNote] {
        found.emptyDirectories.map { directory in
            let path = directory.path.hasSuffix("/") ? directory.path : directory.path + "/"
            return RunNote(path: path, level: directory.exclusions.isEmpty ? .note : .error, message: directory.explanation)
        }
    }

    /// The project-level part of channel-after-permission-request: a project that requests
    /// permission but never creates a notification channel gets one note, at its first request.
    /// (Only for whole-project runs: a subset of files cannot show that no channel exists.)
    static func addMissingChannelNote(to report: inout LintReport) {
        let factsByFile = report.results.map(\.facts)
        guard !factsByFile.contains(where: { !($0[ChannelAfterPermissionRequest.channelFact] ?? []).isEmpty }) else { return }
        let candidates = report.results.indices.filter { !(report.results[$0].facts[ChannelAfterPermissionRequest.requestFact] ?? []).isEmpty }
        guard let first = candidates.min(by: { report.results[$0].file.path < report.results[$1].file.path }),
              let range = report.results[first].facts[ChannelAfterPermissionRequest.requestFact]?.min(by: { $0.lowerBound < $1.lowerBound })
        else { return }
        let result = report.results[first]
        var diagnostics = result.diagnostics
        diagnostics.append(Diagnostic(
            ruleId: ChannelAfterPermissionRequest.description.id, severity: .note,
            message: "The project requests notification permission but never creates a notification channel (`setNotificationChannelAsync`): on Android 13+ the permission prompt does not appear until one exists.",
            range: range
        ))
        diagnostics.sort { ($0.range.lowerBound, $0.ruleId) < ($1.range.lowerBound, $1.ruleId) }
        report.results[first] = result.replacing(diagnostics: diagnostics)
    }

    private static func writeReport(_ text: String, to path: String) throws {
        do {
            try AtomicFile.write(Array(text.utf8), to: path)
        } catch let error as AtomicFile.WriteError {
            throw Configuration.LoadError(path: error.path, line: nil, message: "cannot write the report: \(error.reason)")
        }
    }

    static func readFile(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Configuration.LoadError(path: path, line: nil, message: "cannot read it")
        }
        return Array(data)
    }

    static func printConfiguration(for path: String, resolver: ConfigurationResolver) throws -> String {
        let configuration = try resolver.configuration(forFile: path)
        let descriptions = BuiltinRules.all.map { $0.description } + EngineRules.all
        let rules: [(String, JSONValue)] = descriptions.map { description in
            let severity = configuration.severity(of: description.id, default: description.defaultSeverity)
            return (description.id, .string(severity?.rawValue ?? "off"))
        }
        return JSONValue.object([
            ("path", .string(path)),
            ("configFile", configuration.path.map { .string(displayPath($0)) } ?? .null),
            ("rules", .object(rules)),
            ("exclude", .array(configuration.exclude.map { .string($0.pattern) })),
            ("extensions", .array((configuration.extensions ?? Grammar.defaultExtensions).map { .string($0) })),
            ("strictSyntax", .bool(configuration.strictSyntax)),
            ("linted", .bool(accepts(path, configuration: configuration))),
        ]).render() + "\n"
    }

    static func render(_ report: LintReport, as format: Options.OutputFormat, rules: [ConfiguredRule], root: RepositoryRoot, color: Bool) -> String {
        let relativePath = { (path: String) in root.relativePath(of: path) }
        switch format {
        case .text:
            return TextReporter(useColor: color).render(report)
        case .json:
            return JSONReporter(toolVersion: version).render(report)
        case .github:
            return GitHubReporter().render(report)
        case .sarif:
            return SARIFReporter(toolVersion: version, rules: rules, relativePath: relativePath, helpURI: ruleDocsURL).render(report)
        case .gitlab:
            return GitLabReporter(relativePath: relativePath).render(report)
        case .junit:
            return JUnitReporter(relativePath: relativePath).render(report)
        case .checkstyle:
            return CheckstyleReporter(relativePath: relativePath).render(report)
        case .markdown:
            return MarkdownReporter(relativePath: relativePath, helpURI: ruleDocsURL).render(report)
        }
    }

    /// A rule's page in the published rules reference (SARIF `helpUri`, Markdown links).
    static func ruleDocsURL(_ id: String) -> String {
        "\(SARIFReporter.informationURI)/blob/main/docs/rules/\(id).md"
    }

    struct LintJob {
        let path: String
        let configuration: Configuration
        /// Read the staged content from git's index instead of the working tree.
        let fromIndex: Bool
        /// The first pass read the file and found nothing any rule looks for: no need to read it again.
        var knownIrrelevant = false
        /// The file's bytes, when an earlier step has read them already.
        var preloaded: [UInt8]?
    }

    struct FileOutcome {
        var result: Result<FileResult, FileProblem>
        var fixedCount = 0
        var rejectedCount = 0
        var diff: String?
        var writeError: FileProblem?
        /// What the applied fixes did beyond the diff (a deleted comment), one line each.
        var notes: [String] = []
    }

    /// Lints files on all cores, with one linter (and so one parser per grammar) per worker and
    /// configuration.
    /// The cross-file first pass: every file that mentions a notification module is summarised, so
    /// that what it exports is known before any file is checked.
    static func buildProjectIndex(_ files: [String], options: Options) -> ProjectIndex {
        buildProjectIndexAndRelevance(files, options: options).project
    }

    /// Text every rule's prefilter looks for (a superset of any configuration's).
    static let relevantText: [String] = Array(Set(BuiltinRules.all.flatMap { $0.requiredText } + ["granted-lint-disable"])).sorted()

    /// Also tells, per file, whether it contains anything a rule looks for (nil when it could not be
    /// read): the second pass then reads only the files that may matter.
    static func buildProjectIndexAndRelevance(_ files: [String], options: Options) -> (project: ProjectIndex, relevant: [Bool?]) {
        let project = ProjectIndex()
        let modules = ProjectIndex.moduleNames
        let workerCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, files.count))
        var relevant = [Bool?](repeating: nil, count: files.count)
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: workerCount) { worker in
            var index = worker
            var local: [(Int, Bool)] = []
            while index < files.count {
                if case let .success(bytes) = FileReader.read(files[index], maxSize: options.maxFileSize) {
                    let text = SourceText(bytes: bytes)
                    // Only a file that uses a notification module and exports something can hand
                    // permission data (or the module) to another; anything else is still resolved on
                    // demand, from its importers.
                    if modules.contains(where: { text.contains($0) }), text.contains("export") {
                        project.summarise(file: files[index])
                    }
                    local.append((index, relevantText.contains { text.contains($0) }))
                }
                index += workerCount
            }
            lock.lock()
            for (position, flag) in local { relevant[position] = flag }
            lock.unlock()
        }
        return (project, relevant)
    }

    /// How much text of files that may turn out relevant is kept between the two steps of
    /// `lintProject` (beyond it, such files are read again).
    static let waitingTextBudget = 128 * 1024 * 1024

    /// The default run, reading each file once and using every core throughout. A worker reads a
    /// file, summarises it for the project index when it may export permission data, and lints it
    /// at once when it contains text a rule looks for (the index resolves imports on demand, so
    /// nothing waits for the whole first pass). The remaining files can matter only by importing a
    /// name the project exports: once every file has been seen, those that mention one are linted.
    /// Files arrive from any thread.
    final class ProjectRun: @unchecked Sendable {
        let options: Options
        let project = ProjectIndex()
        private let modules = NeedleSet(ProjectIndex.moduleNames)
        private let ruleText = NeedleSet(GrantedCLI.relevantText)
        private let export = NeedleSet(["export"])

        /// One per thread at a time: linters keep parsers, which cannot be shared.
        private final class Worker {
            var linters: Linters
            var outcomes: [(order: Int, outcome: FileOutcome)] = []
            var waiting: [Waiting] = []
            init(linters: Linters) { self.linters = linters }
        }

        /// A file read in the first step that only a project export could make relevant.
        private struct Waiting {
            let order: Int
            let path: String
            let configuration: Configuration
            /// Kept while within the budget; nil: read again.
            let bytes: [UInt8]?
        }

        private let lock = NSLock()
        private var idle: [Worker] = []
        private var workers: [Worker] = []
        private var waitingBytes = 0

        init(options: Options) { self.options = options }

        private func checkOut() -> Worker {
            lock.lock()
            defer { lock.unlock() }
            if let worker = idle.popLast() { return worker }
            let worker = Worker(linters: Linters(options: options, project: project))
            workers.append(worker)
            return worker
        }

        private func checkIn(_ worker: Worker) {
            lock.lock()
            idle.append(worker)
            lock.unlock()
        }

        private static func displayPath(_ path: String) -> String { path.hasPrefix("./") ? String(path.dropFirst(2)) : path }

        private static func clean(_ path: String) -> FileOutcome {
            let empty = SourceFile(path: displayPath(path), text: SourceText(bytes: []), grammar: .tsx)
            return FileOutcome(result: .success(FileResult(file: empty, diagnostics: [], analysed: false)))
        }

        /// The first step for one file; safe to call from several threads. `order` is the file's
        /// place in the report.
        func visit(_ path: String, configuration: Configuration, order: Int) {
            let worker = checkOut()
            defer { checkIn(worker) }
            let bytes: [UInt8]
            switch FileReader.read(path, maxSize: options.maxFileSize) {
            case let .failure(problem):
                let failure = FileProblem(path: Self.displayPath(path), kind: problem.kind, reason: problem.reason)
                worker.outcomes.append((order, FileOutcome(result: .failure(failure))))
                return
            case let .success(content):
                bytes = content
            }
            let mentionsModule = modules.matchesAny(bytes)
            // A file that uses a notification module and exports something may hand permission data
            // (or the module itself, `export default Notifications`) to the files that import it.
            if mentionsModule, export.matchesAny(bytes) {
                project.summarise(file: path)
            }
            if mentionsModule || ruleText.matchesAny(bytes) {
                let job = LintJob(path: path, configuration: configuration, fromIndex: false, preloaded: bytes)
                worker.outcomes.append((order, lintOne(job, linter: worker.linters.linter(for: configuration), options: options)))
                return
            }
            lock.lock()
            let keep = waitingBytes + bytes.count <= waitingTextBudget
            if keep { waitingBytes += bytes.count }
            lock.unlock()
            worker.waiting.append(Waiting(order: order, path: path, configuration: configuration, bytes: keep ? bytes : nil))
        }

        /// The second step, once every file has been visited; the outcomes in their order.
        func finish() -> [FileOutcome] {
            var outcomes = workers.flatMap(\.outcomes)
            let waiting = workers.flatMap(\.waiting)
            // Every exporter has been summarised: files that mention none of its names are clean.
            let names = NeedleSet(project.exportedNames)
            if names.isEmpty {
                outcomes += waiting.map { ($0.order, Self.clean($0.path)) }
            } else {
                let workerCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, waiting.count))
                var second: [[(order: Int, outcome: FileOutcome)]] = Array(repeating: [], count: workerCount)
                let lock = NSLock()
                DispatchQueue.concurrentPerform(iterations: workerCount) { worker in
                    var linters = Linters(options: options, project: project)
                    var local: [(order: Int, outcome: FileOutcome)] = []
                    var position = worker
                    while position < waiting.count {
                        let file = waiting[position]
                        position += workerCount
                        var bytes = file.bytes
                        if bytes == nil, case let .success(content) = FileReader.read(file.path, maxSize: options.maxFileSize) { bytes = content }
                        guard let bytes else {
                            // Gone or changed since the first read: report it as the lint pass finds it.
                            let job = LintJob(path: file.path, configuration: file.configuration, fromIndex: false)
                            local.append((file.order, lintOne(job, linter: linters.linter(for: file.configuration), options: options)))
                            continue
                        }
                        if names.matchesAny(bytes) {
                            let job = LintJob(path: file.path, configuration: file.configuration, fromIndex: false, preloaded: bytes)
                            local.append((file.order, lintOne(job, linter: linters.linter(for: file.configuration), options: options)))
                        } else {
                            local.append((file.order, Self.clean(file.path)))
                        }
                    }
                    lock.lock()
                    second[worker] = local
                    lock.unlock()
                }
                outcomes += second.joined()
            }
            outcomes.sort { $0.order < $1.order }
            return outcomes.map(\.outcome)
        }
    }

    /// The default run over a list of files (in the list's order), each with its configuration
    /// (looked up by the workers: discovery has already loaded every configuration file).
    static func lintProject(_ files: [String], resolver: ConfigurationResolver, options: Options) throws -> [FileOutcome] {
        let run = ProjectRun(options: options)
        let workerCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, files.count))
        let lock = NSLock()
        var next = 0
        var failure: Error?
        DispatchQueue.concurrentPerform(iterations: workerCount) { _ in
            while true {
                lock.lock()
                let index = next
                next += 1
                lock.unlock()
                guard index < files.count else { break }
                do {
                    run.visit(files[index], configuration: try resolver.configuration(forFile: files[index]), order: index)
                } catch {
                    lock.lock()
                    if failure == nil { failure = error }
                    next = files.count
                    lock.unlock()
                }
            }
        }
        if let failure { throw failure }
        return run.finish()
    }

    /// One linter per configuration file, for one worker (a linter keeps parsers: not shareable).
    struct Linters {
        let options: Options
        let project: ProjectIndex?
        private var byConfiguration: [String: Linter] = [:]

        init(options: Options, project: ProjectIndex?) {
            self.options = options
            self.project = project
        }

        mutating func linter(for configuration: Configuration) -> Linter {
            let key = configuration.path ?? ""
            if let existing = byConfiguration[key] { return existing }
            let linter = Linter(
                rules: rules(for: configuration), engineSeverities: engineSeverities(for: configuration),
                knownRuleIds: knownRuleIds
            )
            linter.usesPrefilter = !options.noPrefilter
            linter.parseOnly = options.parseOnly
            linter.strictSyntax = options.strictSyntax || configuration.strictSyntax
            linter.parseTimeoutMicroseconds = UInt64(options.parseTimeoutMilliseconds) * 1000
            linter.project = project
            byConfiguration[key] = linter
            return linter
        }
    }

    static func lint(_ jobs: [LintJob], options: Options, project: ProjectIndex? = nil) -> [FileOutcome] {
        // Fixes must stay inside the project: find its root once, not once per fixed file.
        let root: String? = { if case .apply = options.fixMode { return RepositoryRoot.find().path } else { return nil } }()
        let workerCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, jobs.count))
        var outcomes = [FileOutcome?](repeating: nil, count: jobs.count)
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: workerCount) { worker in
            var linters = Linters(options: options, project: project)
            var local: [(Int, FileOutcome)] = []
            var index = worker
            while index < jobs.count {
                let job = jobs[index]
                let linter = linters.linter(for: job.configuration)
                local.append((index, lintOne(job, linter: linter, options: options, root: root)))
                index += workerCount
            }
            lock.lock()
            for (position, outcome) in local { outcomes[position] = outcome }
            lock.unlock()
        }
        return outcomes.compactMap { $0 }
    }

    static func lintOne(_ job: LintJob, linter: Linter, options: Options, root: String? = nil) -> FileOutcome {
        let displayPath = job.path.hasPrefix("./") ? String(job.path.dropFirst(2)) : job.path
        if job.knownIrrelevant, case .none = options.fixMode {
            let empty = SourceFile(path: displayPath, text: SourceText(bytes: []), grammar: .tsx)
            return FileOutcome(result: .success(FileResult(file: empty, diagnostics: [], analysed: false)))
        }
        let read: Result<[UInt8], FileProblem>
        if let preloaded = job.preloaded {
            read = .success(preloaded)
        } else if job.fromIndex {
            do {
                read = .success(try Git.stagedContent(of: displayPath))
            } catch {
                read = .failure(FileProblem(path: displayPath, kind: .unreadable, reason: "cannot read the staged content: \(error)"))
            }
        } else {
            read = FileReader.read(job.path, maxSize: options.maxFileSize)
        }
        let bytes: [UInt8]
        switch read {
        case let .failure(problem):
            return FileOutcome(result: .failure(FileProblem(path: displayPath, kind: problem.kind, reason: problem.reason)))
        case let .success(content):
            bytes = content
        }
        let fileExtension = displayPath.split(separator: "/").last?.split(separator: ".").last.map(String.init) ?? ""
        // Any other extension (named explicitly, or added in the configuration) is read as TSX, the
        // most permissive grammar.
        let grammar = Grammar(fileExtension: fileExtension) ?? .tsx
        let file = SourceFile(path: displayPath, text: SourceText(bytes: bytes), grammar: grammar)
        let applicability: Fix.Applicability
        let writes: Bool
        switch options.fixMode {
        case .none:
            // Keep a file's text only while something refers to it, so memory stays bounded on
            // large trees: clean files are reduced to their path.
            switch linter.lint(file) {
            case let .success(result) where result.diagnostics.isEmpty && result.facts.isEmpty && result.recovery == nil:
                let empty = SourceFile(path: displayPath, text: SourceText(bytes: []), grammar: grammar)
                return FileOutcome(result: .success(FileResult(file: empty, diagnostics: [], analysed: result.analysed)))
            case let other:
                return FileOutcome(result: other)
            }
        case let .apply(kind):
            applicability = kind
            writes = true
        case let .dryRun(kind):
            applicability = kind
            writes = false
        }
        let initial: FileResult
        switch linter.lint(file) {
        case let .failure(problem): return FileOutcome(result: .failure(problem))
        case let .success(result): initial = result
        }
        let fix = FixLoop.run(file, linter: linter, applicability: applicability)
        // Recovered regions are those of the text as read; after fixes they would have moved.
        let remaining = FileResult(
            file: SourceFile(path: displayPath, text: fix.text, grammar: grammar), diagnostics: fix.remaining, analysed: true,
            recovery: fix.fixedBytes == nil ? initial.recovery : nil
        )
        var outcome = FileOutcome(result: .success(remaining), fixedCount: fix.fixedCount, rejectedCount: fix.rejectedCount)
        guard let fixedBytes = fix.fixedBytes else { return outcome }
        outcome.notes = fix.notes.map { "\(displayPath): the fix \($0)" }
        if !writes {
            // What the diff alone does not say (a deleted comment) comes first, as `#` lines.
            let header = outcome.notes.map { "# granted-lint: \($0)\n" }.joined()
            outcome.diff = header + UnifiedDiff.render(path: displayPath, old: String(decoding: bytes, as: UTF8.self), new: String(decoding: fixedBytes, as: UTF8.self))
            return outcome
        }
        // Write through symbolic links (keeping the link), but never outside the project, never
        // to a read-only file, and never over an edit made while granted-lint was working.
        let target = URL(fileURLWithPath: job.path).resolvingSymlinksInPath().path
        let root = root ?? RepositoryRoot.find().path
        var refusal: String?
        if !(target == root || target.hasPrefix(root == "/" ? "/" : root + "/")) {
            refusal = "is a symbolic link to \(target), outside \(root); not written"
        } else if let mode = (try? FileManager.default.attributesOfItem(atPath: target))?[.posixPermissions] as? Int, mode & 0o200 == 0 {
            refusal = "is read-only; not written"
        } else if case let .success(current) = FileReader.read(target, maxSize: Int.max), current != bytes {
            refusal = "changed on disk while it was being fixed; not written"
        }
        if let refusal {
            outcome.writeError = FileProblem(path: displayPath, kind: .unreadable, reason: refusal)
            outcome.fixedCount = 0
            outcome.result = linter.lint(file)
            return outcome
        }
        do {
            try AtomicFile.write(fixedBytes, to: target)
        } catch {
            outcome.writeError = FileProblem(path: displayPath, kind: .unreadable, reason: "cannot write the fixes: \(error)")
            outcome.fixedCount = 0
            outcome.result = linter.lint(file)
        }
        return outcome
    }
}
