import GrantedDiscovery
import Dispatch
import Foundation
import GrantedSyntax
import GrantedSemantics
import GrantedLinter

extension RuleCatalog {
    /// The rules a configuration runs, at its severities.
    public func configuredRules(for configuration: Configuration) -> [ConfiguredRule] {
        rules.compactMap { rule in
            configuration.severity(of: rule.description.id, default: rule.description.defaultSeverity)
                .map { ConfiguredRule(rule, severity: $0) }
        }
    }

    public func engineSeverities(for configuration: Configuration) -> [String: Severity?] {
        var severities: [String: Severity?] = [:]
        for rule in engineRules {
            if let configured = configuration.severities[rule.id] { severities[rule.id] = configured }
        }
        return severities
    }
}

/// How a run lints, whatever asked for it.
public struct LintSettings: Sendable {
    public enum FixMode: Sendable {
        case none
        case apply(Fix.Applicability)
        case dryRun(Fix.Applicability)
    }

    public var fixMode: FixMode = .none
    public var maxFileSize = 10 * 1024 * 1024
    /// When false, every file is parsed and analysed (the benchmarks' mode; results are the same).
    public var usesPrefilter = true
    /// Parse and stop: the tree-sitter floor of the benchmarks.
    public var parseOnly = false
    /// A file parsed with error recovery is a `syntax-error` finding (also per configuration).
    public var strictSyntax = false
    public var parseTimeoutMilliseconds = 10_000
    /// A process that ends right after one run (the command line) keeps what the run built
    /// instead of freeing it piece by piece: the project index and the linters of 8,527 files
    /// took 4–5 ms to free, on one core, after the last file.
    public var keepsRunStateUntilExit = false

    public init() {}
}

/// What runs built and nobody frees (`LintSettings.keepsRunStateUntilExit`).
private let keptUntilExit = NSLock()
nonisolated(unsafe) private var keptRunState: [Any] = []

extension Workspace {
    /// Keeps `state` until the process ends (a command line's run and report, which it would
    /// otherwise free on its way out).
    public static func keepUntilExit(_ state: Any) {
        keptUntilExit.lock()
        keptRunState.append(state)
        keptUntilExit.unlock()
    }
}

/// What linting one file gave: its findings or the problem that stopped it, and what fixes did.
public struct FileOutcome {
    public var result: Result<FileResult, FileProblem>
    public var fixedCount = 0
    public var rejectedCount = 0
    public var diff: String?
    public var writeError: FileProblem?
    /// What the applied fixes did beyond the diff (a deleted comment), one line each.
    public var notes: [String] = []

    public init(result: Result<FileResult, FileProblem>) { self.result = result }
}

/// One file to lint, with its configuration and where its bytes come from.
public struct LintJob {
    public let path: String
    public let configuration: Configuration
    /// Reads the bytes from somewhere else than the file (git's index for `--staged`).
    public var read: (() -> Result<[UInt8], FileProblem>)?
    /// The first pass read the file and found nothing any rule looks for: no need to read it again.
    public var knownIrrelevant = false
    /// The file's bytes, when an earlier step has read them already.
    public var preloaded: [UInt8]?

    public init(path: String, configuration: Configuration, read: (() -> Result<[UInt8], FileProblem>)? = nil,
                knownIrrelevant: Bool = false, preloaded: [UInt8]? = nil) {
        self.path = path
        self.configuration = configuration
        self.read = read
        self.knownIrrelevant = knownIrrelevant
        self.preloaded = preloaded
    }
}

/// A project being linted: its configurations, its cross-file index and the rules. The command
/// line asks it to lint a list of files once; the language server keeps one per workspace folder
/// and asks it, edit after edit, to lint one file with the text of an editor's buffer.
public final class Workspace: @unchecked Sendable {
    public let catalog: RuleCatalog
    public var settings: LintSettings
    /// The directory fixes may write in (nothing outside it is written).
    public let root: String

    private let lock = NSLock()
    private var resolver: ConfigurationResolver
    private let configurationOverride: String?
    /// The last configuration that loaded from each configuration file: a long-running front end
    /// keeps it while the file on disk is broken.
    private var lastGoodConfigurations: [String: Configuration] = [:]
    /// Texts that differ from the disk (an editor's unsaved buffers), by absolute path.
    private var buffers: [String: [UInt8]] = [:]
    /// Whether `rootEvidence` reads the files under `root` (false for a workspace of loose files,
    /// whose root is no project: its evidence is then what its linted files say).
    public var scansEvidenceRoot = true
    /// `rootEvidence`'s files, once scanned (absolute path → what the file says).
    private var evidenceByFile: [String: FileProvisionalEvidence]?
    /// What the last lint of each file linted with `lint(path:bytes:)` left: its tree, to parse
    /// the next text incrementally, and its findings, for an edit that cannot change them.
    private var documentMemos: [String: LintMemo] = [:]
    /// One linter per configuration file for `lint(path:bytes:)`, whose callers take turns.
    private var documentLinters: Linters

    /// The persistent cross-file index of `lint(path:bytes:)`, reading buffers before the disk.
    public private(set) lazy var project: ProjectIndex = ProjectIndex { [weak self] path in
        if let buffer = self?.buffer(of: path) { return buffer }
        return ProjectIndex.readSourceFile(path)
    }

    public init(catalog: RuleCatalog, settings: LintSettings = LintSettings(), configurationPath: String? = nil, root: String? = nil) throws {
        self.catalog = catalog
        self.settings = settings
        configurationOverride = configurationPath
        resolver = try ConfigurationResolver(knownRuleIds: catalog.knownRuleIds, overridePath: configurationPath)
        self.root = root ?? RepositoryRoot.find().path
        documentLinters = Linters(catalog: catalog, settings: settings, project: nil)
    }

    // MARK: Configuration

    public var configurations: ConfigurationResolver {
        lock.lock()
        defer { lock.unlock() }
        return resolver
    }

    /// The configuration of a file; throws when its configuration file is invalid.
    public func configuration(forFile path: String) throws -> Configuration {
        let configuration = try configurations.configuration(forFile: path)
        if let file = configuration.path {
            lock.lock()
            lastGoodConfigurations[file] = configuration
            lock.unlock()
        }
        return configuration
    }

    /// The configuration of a file for a front end that must go on when a configuration file is
    /// broken: the last good configuration of that file (or the defaults), and the error.
    public func configurationKeepingLastGood(forFile path: String) -> (configuration: Configuration, error: Configuration.LoadError?) {
        do {
            return (try configuration(forFile: path), nil)
        } catch let error as Configuration.LoadError {
            lock.lock()
            defer { lock.unlock() }
            let fallback = lastGoodConfigurations[absolute(error.path)] ?? lastGoodConfigurations[error.path]
            return (fallback ?? Configuration(path: nil, baseDirectory: directoryOf(absolute(path))), error)
        } catch {
            return (Configuration(path: nil, baseDirectory: directoryOf(absolute(path))), Configuration.LoadError(path: path, line: nil, message: "\(error)"))
        }
    }

    /// Forgets every configuration read so far (a configuration file changed).
    public func reloadConfigurations() throws {
        let fresh = try ConfigurationResolver(knownRuleIds: catalog.knownRuleIds, overridePath: configurationOverride)
        lock.lock()
        resolver = fresh
        documentLinters = Linters(catalog: catalog, settings: settings, project: nil)
        lock.unlock()
    }

    // MARK: Buffers and the persistent index

    public func buffer(of path: String) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        return buffers[absolute(path)]
    }

    /// Sets (or with nil, drops) the text a file has in an editor, and updates the index for that
    /// file; returns the files whose analysis may have changed with it (those that import it,
    /// directly or through re-exports), the file itself included.
    @discardableResult
    public func setBuffer(_ bytes: [UInt8]?, forFile path: String) -> Set<String> {
        let full = absolute(path)
        lock.lock()
        buffers[full] = bytes
        if bytes == nil { documentMemos[full] = nil }
        lock.unlock()
        return project.invalidate(file: full)
    }

    /// A file changed on disk (not through a buffer): its index entry is recomputed when needed.
    @discardableResult
    public func fileChanged(_ path: String) -> Set<String> {
        project.invalidate(file: absolute(path))
    }

    /// Lints one file with the given text, against the persistent index (the language server's
    /// question). Callers take turns: the linters keep parsers.
    public func lint(path: String, bytes: [UInt8], configuration: Configuration) -> Result<FileResult, FileProblem> {
        lintBuffer(path: path, bytes: bytes, configuration: configuration).outcome
    }

    /// `lint(path:bytes:configuration:)`, also saying whether the findings were the last lint's,
    /// moved by an edit that could not change them (`Linter.lint(_:after:)`).
    func lintBuffer(path: String, bytes: [UInt8], configuration: Configuration) -> (outcome: Result<FileResult, FileProblem>, reusedFindings: Bool) {
        if bytes.count > settings.maxFileSize {
            return (.failure(FileProblem(path: path, kind: .tooLarge, reason: "\(bytes.count) bytes is more than the limit of \(settings.maxFileSize)")), false)
        }
        if bytes.withUnsafeBytes({ $0.isEmpty ? nil : memchr($0.baseAddress!, 0, $0.count) }) != nil, NulBytes.outsideLiterals(bytes) {
            return (.failure(FileProblem(path: path, kind: .notText, reason: "it contains NUL bytes, so it is not a text file")), false)
        }
        let (linter, project) = documentLinter(for: configuration)
        // What this file imports from the project is summarised first (once; the index keeps it
        // until one of those files changes): the prefilter needs the names those files export, and
        // the index learns whom to re-lint when they change.
        for module in ProjectIndex.relativeSpecifiers(in: bytes) {
            _ = project.exports(ofModule: module, importedFrom: path)
        }
        linter.project = project
        let file = SourceFile(path: path, text: SourceText(bytes: bytes), grammar: Self.grammar(of: path))
        let key = absolute(path)
        lock.lock()
        let previous = documentMemos[key]
        lock.unlock()
        let linted = linter.lint(file, after: previous)
        lock.lock()
        documentMemos[key] = linted.memo
        lock.unlock()
        return (linted.outcome, linted.reusedFindings)
    }

    /// The linter of `lint(path:bytes:)` and `fixedText` for a configuration, on the persistent index.
    private func documentLinter(for configuration: Configuration) -> (Linter, ProjectIndex) {
        let project = self.project
        lock.lock()
        defer { lock.unlock() }
        if documentLinters.project !== project { documentLinters = Linters(catalog: catalog, settings: settings, project: project) }
        return (documentLinters.linter(for: configuration), project)
    }

    /// The text of a file with every fix of the given kind applied (nil when none applies), as
    /// `--fix` would write it; nothing is written.
    public func fixedText(path: String, bytes: [UInt8], configuration: Configuration, applicability: Fix.Applicability) -> [UInt8]? {
        guard bytes.count <= settings.maxFileSize else { return nil }
        let (linter, project) = documentLinter(for: configuration)
        linter.project = project
        let file = SourceFile(path: path, text: SourceText(bytes: bytes), grammar: Self.grammar(of: path))
        return FixLoop.run(file, linter: linter, applicability: applicability).fixedBytes
    }

    static func grammar(of path: String) -> Grammar {
        let fileExtension = path.split(separator: "/").last?.split(separator: ".").last.map(String.init) ?? ""
        // Any other extension (named explicitly, or added in the configuration) is read as TSX, the
        // most permissive grammar.
        return Grammar(fileExtension: fileExtension) ?? .tsx
    }

    // MARK: Whole runs

    /// Lints a list of files (in the list's order) the way the settings ask: the default one-read
    /// pipeline, or — for fixes, custom readers and the benchmarks' modes — the index first, then
    /// every file.
    public func lint(files: [String], read: ((String) -> Result<[UInt8], FileProblem>)? = nil) throws -> [FileOutcome] {
        if case .none = settings.fixMode, !settings.parseOnly, settings.usesPrefilter, read == nil {
            return try lintProject(files)
        }
        var configurations: [Configuration] = []
        for file in files { configurations.append(try configuration(forFile: file)) }
        let firstPass: (project: ProjectIndex, relevant: [Bool?])? = settings.parseOnly || !settings.usesPrefilter || read != nil
            ? nil : buildProjectIndexAndRelevance(files)
        let project = firstPass?.project ?? (settings.parseOnly ? nil : buildProjectIndexAndRelevance(files).project)
        if let project {
            // Application stores: every file with permission code tells what it writes into them
            // before any reader is linted.
            recordStoreWrites(of: files, into: project)
            project.freezeStores()
        }
        let skippable = firstPass != nil && project?.exportedNames.isEmpty == true && project?.storeRootNames.isEmpty == true
        return lint(
            files.indices.map { index in
                LintJob(
                    path: files[index], configuration: configurations[index],
                    read: read.map { read in { read(files[index]) } },
                    knownIrrelevant: skippable && firstPass?.relevant[index] == false
                )
            },
            project: project
        )
    }

    /// The report of a run: results and problems in order (the project checks come after:
    /// `applyProjectChecks`). The outcomes are taken: each is popped off the end of the list into the report, instead of
    /// the list being read, copied from and freed after (three real apps: 7.5 M fewer
    /// instructions, on the one core that works after the walk).
    public func report(of outcomes: consuming [FileOutcome], problems: [FileProblem] = [], notes: [RunNote] = []) -> LintReport {
        var results: [FileResult] = []
        results.reserveCapacity(outcomes.count)
        var failures: [FileProblem] = []
        while let outcome = outcomes.popLast() {
            if let error = outcome.writeError { failures.append(error) }
            switch outcome.result {
            case let .success(result): results.append(result)
            case let .failure(problem): failures.append(problem)
            }
        }
        results.reverse()
        return LintReport(results: results, problems: problems + failures.reversed(), notes: notes)
    }

    /// The project checks of a run that named `request.paths` and linted `files` (on the files a
    /// run named, not on --staged or --changed-since, whose files are a slice of the project by
    /// design). When the paths cover the project (a directory at or above its package.json), the
    /// run saw every file; otherwise a check that would report is first answered from the rest of
    /// the project (read with the ignore files, only then, and only for its words).
    public func applyProjectChecks(to report: inout LintReport, files: [String], request: RunRequest) {
        guard request.isWholeProject else { return }
        let scope = Workspace.evidenceScope(for: request.paths)
        let coversProject = Workspace.directories(request.paths, cover: scope)
        for check in catalog.projectChecks {
            if coversProject {
                check.run(&report)
                continue
            }
            let before = report.results.reduce(0) { $0 + $1.diagnostics.count }
            var checked = report
            check.run(&checked)
            let reports = checked.results.reduce(0) { $0 + $1.diagnostics.count } != before
            if reports && projectMentions(check.answeredBy, under: scope, skipping: Set(files.map(absolute))) { continue }
            report = checked
        }
    }

    /// Whether a file under `scope` that `skipping` does not name holds one of `texts`.
    func projectMentions(_ texts: [String], under scope: String, skipping: Set<String>) -> Bool {
        guard !texts.isEmpty, let found = try? FileDiscovery(resolver: configurations, excludes: [], respectsIgnoreFiles: true).discover([scope]) else {
            return false
        }
        let needles = NeedleSet(texts)
        return found.files.map(absolute).contains { file in
            !skipping.contains(file) && currentBytes(of: file).map(needles.matchesAny) == true
        }
    }

    /// A file's text as the run should see it: the editor's buffer, else the disk (nil when it
    /// cannot be read).
    func currentBytes(of file: String) -> [UInt8]? {
        if let buffer = buffer(of: file) { return buffer }
        if case let .success(content) = FileReader.read(file, maxSize: settings.maxFileSize) { return content }
        return nil
    }

    /// Lints jobs on all cores, with one linter (and so one parser per grammar) per worker and
    /// configuration.
    public func lint(_ jobs: [LintJob], project: ProjectIndex? = nil) -> [FileOutcome] {
        let workerCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, jobs.count))
        var outcomes = [FileOutcome?](repeating: nil, count: jobs.count)
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: workerCount) { worker in
            var linters = Linters(catalog: catalog, settings: settings, project: project)
            var local: [(Int, FileOutcome)] = []
            var index = worker
            while index < jobs.count {
                let job = jobs[index]
                let linter = linters.linter(for: job.configuration)
                local.append((index, lintOne(job, linter: linter)))
                index += workerCount
            }
            lock.lock()
            for (position, outcome) in local { outcomes[position] = outcome }
            lock.unlock()
        }
        return outcomes.compactMap { $0 }
    }

    /// The cross-file first pass: every file that mentions a notification module is summarised, so
    /// that what it exports is known before any file is checked. Also tells, per file, whether it
    /// contains anything a rule looks for (nil when it could not be read): the second pass then
    /// reads only the files that may matter.
    public func buildProjectIndexAndRelevance(_ files: [String]) -> (project: ProjectIndex, relevant: [Bool?]) {
        let project = ProjectIndex()
        let modules = ProjectIndex.moduleNames
        let relevantText = catalog.relevantText
        let maxFileSize = settings.maxFileSize
        let workerCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, files.count))
        var relevant = [Bool?](repeating: nil, count: files.count)
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: workerCount) { worker in
            var index = worker
            var local: [(Int, Bool)] = []
            while index < files.count {
                if case let .success(bytes) = FileReader.read(files[index], maxSize: maxFileSize) {
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

    /// Parses the files that use a notification module and records their store writes, on all
    /// cores (the pipeline that lints with fixes or without the prefilter does this first).
    func recordStoreWrites(of files: [String], into project: ProjectIndex) {
        let modules = NeedleSet(ProjectIndex.moduleNames)
        let maxFileSize = settings.maxFileSize
        let workerCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, files.count))
        DispatchQueue.concurrentPerform(iterations: workerCount) { worker in
            var index = worker
            while index < files.count {
                if case let .success(bytes) = FileReader.read(files[index], maxSize: maxFileSize), modules.matchesAny(bytes) {
                    project.recordStoreWrites(ofFile: files[index])
                }
                index += workerCount
            }
        }
    }

    /// The default run over a list of files (in the list's order), each with its configuration
    /// (looked up by the workers: discovery has already loaded every configuration file).
    func lintProject(_ files: [String]) throws -> [FileOutcome] {
        let run = ProjectRun(workspace: self)
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
                    run.visit(files[index], configuration: try configuration(forFile: files[index]), order: index)
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

    /// The default run over one named directory, discovery included: the walk hands each
    /// directory's files, with their configuration, to the same threads as it finds them, so the
    /// cores lint from the first directory listed to the last file (nothing waits for the whole
    /// list, and no file's configuration is looked up again). Nil when the request is not of that
    /// kind (the caller selects the files first).
    func discoverAndLintProject(_ request: RunRequest) throws -> (files: RunFiles, outcomes: [FileOutcome])? {
        guard request.selection == .paths, request.paths.count == 1, case .none = settings.fixMode,
              !settings.parseOnly, settings.usesPrefilter else { return nil }
        var status = stat()
        guard stat(request.paths[0], &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        let run = ProjectRun(workspace: self)
        final class Failure: @unchecked Sendable {
            let lock = NSLock()
            var error: Error?
        }
        let failure = Failure()
        var discovery = discovery(for: request)
        discovery.walker.onFound = { [self] files, firstNumber, context in
            let configuration: Configuration
            if let known = context as? Configuration {
                configuration = known
            } else {
                do {
                    configuration = try self.configuration(forFile: files[files.startIndex].path)
                } catch {
                    failure.lock.lock()
                    if failure.error == nil { failure.error = error }
                    failure.lock.unlock()
                    return
                }
            }
            run.visit(files, configuration: configuration, firstOrder: firstNumber)
        }
        // A walk thread that has run out of files takes a file put off (and waits for the
        // summaries it needs, which another thread is computing) instead of idling.
        discovery.walker.onIdle = { run.analyseOneDeferred() }
        discovery.walker.prefersDirectory = { Workspace.isNotificationDirectory($0) }
        let found = try discovery.discover(request.paths)
        if let error = failure.error { throw error }
        // Outcomes were numbered as the files were handed over; the report lists them by path.
        var renumbering = [Int](repeating: 0, count: found.handedNumbers.count)
        for (place, number) in found.handedNumbers.enumerated() { renumbering[number] = place }
        var files = RunFiles()
        files.files = found.files
        files.problems = found.problems
        files.notes = Self.runNotes(for: found)
        let outcomes = run.finish(renumbering: renumbering)
        if settings.keepsRunStateUntilExit { Workspace.keepUntilExit(run) }
        return (files, outcomes)
    }

    /// Whether a directory's name says it holds notification code (`notifications`,
    /// `pushNotifications`, `push`, `permissions`): its files are linted first in a run, since
    /// their import closures are the run's longest analyses (`FileWalker.prefersDirectory`).
    static func isNotificationDirectory(_ name: String) -> Bool {
        // Bytes, ASCII case folded: `lowercased()` and `String.contains` took 14,000 instructions
        // a directory.
        notificationDirectoryWords.matchesAny(name.utf8.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 })
    }

    private static let notificationDirectoryWords = NeedleSet(["notif", "push", "permission"])

    /// The default run, reading each file once and using every core throughout. A worker reads a
    /// file, summarises it for the project index when it may export permission data, and lints it
    /// at once when it contains text a rule looks for (the index resolves imports on demand, so
    /// nothing waits for the whole first pass). The remaining files can matter only by importing a
    /// name the project exports: once every file has been seen, those that mention one are linted.
    /// Files arrive from any thread.
    final class ProjectRun: @unchecked Sendable {
        let workspace: Workspace
        /// The run's files do not change under it: nothing is invalidated.
        let project = ProjectIndex(recordsDependencies: false)
        private let modules = NeedleSet(ProjectIndex.moduleNames)
        private let ruleText: NeedleSet
        /// Whether the rules' text names every notification module (the built-in rules' does): then
        /// a file the rules' text does not match cannot mention a module either, and the ~99% of
        /// files that match neither are scanned once, not twice.
        private let ruleTextNamesModules: Bool
        private let export = NeedleSet(["export"])

        /// One per thread at a time: linters keep parsers, which cannot be shared.
        private final class Worker {
            var linters: Linters
            var outcomes: [(order: Int, outcome: FileOutcome)] = []
            var waiting: [Waiting] = []
            /// Every file is read into it first; only a file that may matter is copied out.
            let buffer = FileReader.Buffer()
            init(linters: Linters) { self.linters = linters }
        }

        /// A file that may matter, put off because it would have waited for the summary of
        /// `blocker`, which another thread was computing.
        private struct Deferred {
            let order: Int
            let path: String
            let configuration: Configuration
            let bytes: [UInt8]
            let blocker: String
        }

        /// A file read in the first step that only a project export could make relevant. Its text
        /// is not kept: when there is something to look for, it is read again. (Keeping it cost
        /// more than reading twice: every kept file is fresh memory the kernel maps and zeroes,
        /// where a second read copies from the page cache into memory freed a moment before. On
        /// three real apps, 42 MB of source, keeping the text took peak memory from 38 to 69 MB
        /// and made the run slower, with nothing to read again.)
        private struct Waiting {
            var order: Int
            let path: String
            let configuration: Configuration
        }

        private let lock = BriefLock()
        private var idle: [Worker] = []
        private var workers: [Worker] = []
        /// Files put off, for any thread to take (guarded by `lock`).
        private var deferred: [Deferred] = []

        init(workspace: Workspace) {
            self.workspace = workspace
            ruleText = NeedleSet(workspace.catalog.relevantText)
            ruleTextNamesModules = ProjectIndex.moduleNames.allSatisfy(workspace.catalog.relevantText.contains)
        }

        private func checkOut() -> Worker {
            lock.lock()
            defer { lock.unlock() }
            if let worker = idle.popLast() { return worker }
            let worker = Worker(linters: Linters(catalog: workspace.catalog, settings: workspace.settings, project: project))
            workers.append(worker)
            return worker
        }

        private func checkIn(_ worker: Worker) {
            lock.lock()
            idle.append(worker)
            lock.unlock()
        }

        /// The first step for one file; safe to call from several threads. `order` is the file's
        /// place in the report.
        func visit(_ path: String, configuration: Configuration, order: Int) {
            let worker = checkOut()
            defer { checkIn(worker) }
            visit(path, configuration: configuration, order: order, by: worker)
            retryDeferred(by: worker)
        }

        /// The first step for a batch of files that share a configuration, orders from `firstOrder`.
        func visit(_ files: ArraySlice<WalkedFile>, configuration: Configuration, firstOrder: Int) {
            let worker = checkOut()
            defer { checkIn(worker) }
            for (offset, file) in files.enumerated() {
                visit(file.path, configuration: configuration, order: firstOrder + offset, by: worker)
            }
            retryDeferred(by: worker)
        }

        /// Analyses, without waiting, the files put off whose summary is no longer being
        /// computed: done as soon as they can be, they do not pile up at the end of the walk.
        private func retryDeferred(by worker: Worker) {
            lock.lock()
            guard !deferred.isEmpty else {
                lock.unlock()
                return
            }
            var ready: [Deferred] = []
            deferred.removeAll { file in
                guard !project.isBeingSummarised(file.blocker) else { return false }
                ready.append(file)
                return true
            }
            lock.unlock()
            for file in ready {
                analyseWithoutWaiting(file.path, bytes: file.bytes, mentionsModule: modules.matchesAny(file.bytes), configuration: file.configuration, order: file.order, by: worker)
            }
        }

        /// Takes one file put off and analyses it, waiting for summaries if need be: for a walk
        /// thread with nothing else to do (one whose summary is done first). False when none is
        /// left.
        func analyseOneDeferred() -> Bool {
            lock.lock()
            let index = deferred.firstIndex { !project.isBeingSummarised($0.blocker) } ?? deferred.indices.first
            guard let index else {
                lock.unlock()
                return false
            }
            let file = deferred.remove(at: index)
            lock.unlock()
            let worker = checkOut()
            defer { checkIn(worker) }
            let outcome = analyse(file.path, bytes: file.bytes, mentionsModule: modules.matchesAny(file.bytes), configuration: file.configuration, by: worker)
            worker.outcomes.append((file.order, outcome))
            return true
        }

        /// Analyses a file unless that would wait for another thread's summary; then puts it off
        /// (before any work when that summary is of a file it imports).
        private func analyseWithoutWaiting(_ path: String, bytes: [UInt8], mentionsModule: Bool, configuration: Configuration, order: Int, by worker: Worker) {
            if let blocker = project.importBeingSummarisedElsewhere(by: path, bytes: bytes) {
                putOff(Deferred(order: order, path: path, configuration: configuration, bytes: bytes, blocker: blocker))
                return
            }
            switch project.withoutWaiting({ analyse(path, bytes: bytes, mentionsModule: mentionsModule, configuration: configuration, by: worker) }) {
            case let .finished(outcome):
                worker.outcomes.append((order, outcome))
            case let .wouldWait(blocker):
                putOff(Deferred(order: order, path: path, configuration: configuration, bytes: bytes, blocker: blocker))
            }
        }

        private func putOff(_ file: Deferred) {
            lock.lock()
            deferred.append(file)
            lock.unlock()
        }

        private func visit(_ path: String, configuration: Configuration, order: Int, by worker: Worker) {
            if case let .failure(problem) = FileReader.read(path, maxSize: workspace.settings.maxFileSize, into: worker.buffer) {
                let failure = FileProblem(path: Workspace.displayPath(path), kind: problem.kind, reason: problem.reason)
                worker.outcomes.append((order, FileOutcome(result: .failure(failure))))
                return
            }
            let bytes = worker.buffer.bytes
            let mayMatter = ruleText.matchesAny(bytes) || !ruleTextNamesModules && modules.matchesAny(bytes)
            if mayMatter {
                let mentionsModule = modules.matchesAny(bytes)
                // Summaries are computed on every thread at once; a lint that would wait for one
                // another thread is computing is put off instead: tried again once that summary is
                // done, taken by a thread that has run out of work, or after the walk.
                analyseWithoutWaiting(path, bytes: worker.buffer.copy(), mentionsModule: mentionsModule, configuration: configuration, order: order, by: worker)
                return
            }
            worker.waiting.append(Waiting(order: order, path: path, configuration: configuration))
        }

        /// Summarises (for the index) and lints a file that may matter.
        private func analyse(_ path: String, bytes: [UInt8], mentionsModule: Bool, configuration: Configuration, by worker: Worker) -> FileOutcome {
            // A file that uses a notification module and exports something may hand permission data
            // (or the module itself, `export default Notifications`) to the files that import it.
            let job = LintJob(path: path, configuration: configuration, preloaded: bytes)
            let linter = worker.linters.linter(for: configuration)
            guard mentionsModule, export.matchesAny(bytes) else { return workspace.lintOne(job, linter: linter) }
            // Summarised from the lint's own tree, between the parse and the rules (where it was
            // needed before): parsed once, not once for each.
            var summarised = false
            let outcome = workspace.lintOne(job, linter: linter) { tree in
                self.project.summarise(file: path, parsed: tree)
                summarised = true
            }
            if !summarised { project.summarise(file: path) }
            return outcome
        }

        /// Lints the files put off while another thread computed summaries, on every core.
        private func analyseDeferred() {
            let deferred = self.deferred
            self.deferred = []
            guard !deferred.isEmpty else { return }
            let workerCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, deferred.count))
            let lock = NSLock()
            var next = 0
            DispatchQueue.concurrentPerform(iterations: workerCount) { _ in
                let worker = checkOut()
                defer { checkIn(worker) }
                while true {
                    lock.lock()
                    let index = next
                    next += 1
                    lock.unlock()
                    guard index < deferred.count else { break }
                    let file = deferred[index]
                    let outcome = analyse(file.path, bytes: file.bytes, mentionsModule: modules.matchesAny(file.bytes), configuration: file.configuration, by: worker)
                    worker.outcomes.append((file.order, outcome))
                }
            }
        }

        /// The second step, once every file has been visited; the outcomes in their order.
        /// `renumbering`: the final place of each order given to `visit` (files visited as the walk
        /// found them are numbered in the order they came).
        func finish(renumbering: [Int]? = nil) -> [FileOutcome] {
            analyseDeferred()
            // In place, and the lists of files not analysed are not joined: copying thousands of
            // them (each with its configuration) took milliseconds on one core after the walk.
            if let renumbering {
                for worker in workers {
                    for index in worker.outcomes.indices { worker.outcomes[index].order = renumbering[worker.outcomes[index].order] }
                    for index in worker.waiting.indices { worker.waiting[index].order = renumbering[worker.waiting[index].order] }
                }
            }
            var outcomes = workers.flatMap(\.outcomes)
            let waitingLists = workers.map(\.waiting)
            let waitingCount = waitingLists.reduce(0) { $0 + $1.count }
            // Every file with permission code has been linted, and has told the index what it
            // writes into application stores: the table is settled. Files linted before it was
            // that name a store holding a permission value are linted again, reading it whole.
            project.freezeStores()
            let storeNames = project.storeRootNames
            if !storeNames.isEmpty, case .none = workspace.settings.fixMode {
                outcomes = relintingStoreReaders(outcomes, names: NeedleSet(storeNames))
            }
            // Every exporter has been summarised: files that mention none of its names are clean.
            let names = NeedleSet(project.exportedNames + storeNames)
            // Each outcome goes straight to its place in the report's order: one array of them, not
            // the four a merge, a sort and a map made (on 100,000 files, tens of megabytes).
            let count = outcomes.count + waitingCount
            var placed = [Bool](repeating: false, count: count)
            func place(_ order: Int) {
                precondition(order >= 0 && order < count && !placed[order], "every file has one outcome")
                placed[order] = true
            }
            for entry in outcomes { place(entry.order) }
            for list in waitingLists { for file in list { place(file.order) } }
            guard count > 0 else { return [] }
            return [FileOutcome](unsafeUninitializedCapacity: count) { buffer, initialized in
                let start = buffer.baseAddress!
                for entry in outcomes { (start + entry.order).initialize(to: entry.outcome) }
                outcomes = []
                let workerCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, waitingCount))
                let maxFileSize = workspace.settings.maxFileSize
                DispatchQueue.concurrentPerform(iterations: waitingCount == 0 ? 0 : workerCount) { worker in
                    var linters = Linters(catalog: workspace.catalog, settings: workspace.settings, project: project)
                    let buffer = FileReader.Buffer()
                    for waiting in waitingLists {
                        var position = worker
                        while position < waiting.count {
                            let file = waiting[position]
                            position += workerCount
                            let outcome: FileOutcome
                            if names.isEmpty {
                                // Nothing to look for: clean (made here, on every core: there are many).
                                outcome = Workspace.clean(file.path)
                            } else if case .success = FileReader.read(file.path, maxSize: maxFileSize, into: buffer) {
                                if names.matchesAny(buffer.bytes) {
                                    let job = LintJob(path: file.path, configuration: file.configuration, preloaded: buffer.copy())
                                    outcome = workspace.lintOne(job, linter: linters.linter(for: file.configuration))
                                } else {
                                    outcome = Workspace.clean(file.path)
                                }
                            } else {
                                // Gone or changed since the first read: report it as the lint pass finds it.
                                let job = LintJob(path: file.path, configuration: file.configuration)
                                outcome = workspace.lintOne(job, linter: linters.linter(for: file.configuration))
                            }
                            (start + file.order).initialize(to: outcome)
                        }
                    }
                }
                initialized = count
            }
        }

        /// The outcomes, with those of analysed files that mention a store name linted again (a
        /// clean file's text was let go: it is read again).
        private func relintingStoreReaders(_ outcomes: [(order: Int, outcome: FileOutcome)], names: NeedleSet) -> [(order: Int, outcome: FileOutcome)] {
            let analysed = outcomes.indices.filter { index in
                guard case let .success(result) = outcomes[index].outcome.result else { return false }
                return result.analysed
            }
            guard !analysed.isEmpty else { return outcomes }
            var updated = outcomes
            let workerCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, analysed.count))
            let lock = NSLock()
            let maxFileSize = workspace.settings.maxFileSize
            DispatchQueue.concurrentPerform(iterations: workerCount) { worker in
                var linters = Linters(catalog: workspace.catalog, settings: workspace.settings, project: project)
                var position = worker
                var local: [(Int, FileOutcome)] = []
                while position < analysed.count {
                    let index = analysed[position]
                    position += workerCount
                    guard case let .success(result) = outcomes[index].outcome.result else { continue }
                    var bytes = result.file.text.bytes
                    if bytes.isEmpty, case let .success(content) = FileReader.read(result.file.path, maxSize: maxFileSize) { bytes = content }
                    guard names.matchesAny(bytes), let configuration = try? workspace.configuration(forFile: result.file.path) else { continue }
                    let job = LintJob(path: result.file.path, configuration: configuration, preloaded: bytes)
                    local.append((index, workspace.lintOne(job, linter: linters.linter(for: configuration))))
                }
                lock.lock()
                for (index, outcome) in local { updated[index].outcome = outcome }
                lock.unlock()
            }
            return updated
        }
    }

    static func displayPath(_ path: String) -> String { path.hasPrefix("./") ? String(path.dropFirst(2)) : path }

    /// The text of every clean file (most of a large run), shared; its line table is made before it
    /// is shared, so it is only ever read.
    private nonisolated(unsafe) static let emptyText: SourceText = {
        let text = SourceText(bytes: [])
        _ = text.lineStarts
        return text
    }()

    /// A file with nothing to report, reduced to its path.
    static func clean(_ path: String) -> FileOutcome {
        let empty = SourceFile(path: displayPath(path), text: emptyText, grammar: .tsx)
        return FileOutcome(result: .success(FileResult(file: empty, diagnostics: [], analysed: false)))
    }

    /// One linter per configuration file, for one worker (a linter keeps parsers: not shareable).
    struct Linters {
        let catalog: RuleCatalog
        let settings: LintSettings
        let project: ProjectIndex?
        private var byConfiguration: [String: Linter] = [:]

        init(catalog: RuleCatalog, settings: LintSettings, project: ProjectIndex?) {
            self.catalog = catalog
            self.settings = settings
            self.project = project
        }

        mutating func linter(for configuration: Configuration) -> Linter {
            let key = configuration.path ?? ""
            if let existing = byConfiguration[key] { return existing }
            let linter = Linter(
                rules: catalog.configuredRules(for: configuration), engineSeverities: catalog.engineSeverities(for: configuration),
                knownRuleIds: catalog.knownRuleIds
            )
            linter.usesPrefilter = settings.usesPrefilter
            linter.parseOnly = settings.parseOnly
            linter.strictSyntax = settings.strictSyntax || configuration.strictSyntax
            linter.parseTimeoutMicroseconds = UInt64(settings.parseTimeoutMilliseconds) * 1000
            linter.project = project
            byConfiguration[key] = linter
            return linter
        }
    }

    /// Lints one file (and applies its fixes when the run fixes). `parsed` is handed the tree of the
    /// file as read, between the parse and the rules.
    func lintOne(_ job: LintJob, linter: Linter, parsed: ((SyntaxTree) -> Void)? = nil) -> FileOutcome {
        let displayPath = Workspace.displayPath(job.path)
        if job.knownIrrelevant, case .none = settings.fixMode {
            return Workspace.clean(job.path)
        }
        let read: Result<[UInt8], FileProblem>
        if let preloaded = job.preloaded {
            read = .success(preloaded)
        } else if let custom = job.read {
            read = custom()
        } else {
            read = FileReader.read(job.path, maxSize: settings.maxFileSize)
        }
        let bytes: [UInt8]
        switch read {
        case let .failure(problem):
            return FileOutcome(result: .failure(FileProblem(path: displayPath, kind: problem.kind, reason: problem.reason)))
        case let .success(content):
            bytes = content
        }
        let grammar = Workspace.grammar(of: displayPath)
        let file = SourceFile(path: displayPath, text: SourceText(bytes: bytes), grammar: grammar)
        let applicability: Fix.Applicability
        let writes: Bool
        switch settings.fixMode {
        case .none:
            // Keep a file's text only while something refers to it, so memory stays bounded on
            // large trees: clean files are reduced to their path.
            switch linter.lint(file, parsed: parsed) {
            case let .success(result) where result.diagnostics.isEmpty && result.facts.isEmpty && result.recovery == nil:
                return FileOutcome(result: .success(result.withoutText()))
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
        switch linter.lint(file, parsed: parsed) {
        case let .failure(problem): return FileOutcome(result: .failure(problem))
        case let .success(result): initial = result
        }
        let fix = FixLoop.run(file, linter: linter, applicability: applicability)
        // Recovered regions are those of the text as read; after fixes they would have moved.
        let remaining = FileResult(
            file: SourceFile(path: displayPath, text: fix.text, grammar: grammar), diagnostics: fix.remaining, analysed: true,
            recovery: fix.fixedBytes == nil ? initial.recovery : nil
        )
        var outcome = FileOutcome(result: .success(remaining))
        outcome.fixedCount = fix.fixedCount
        outcome.rejectedCount = fix.rejectedCount
        guard let fixedBytes = fix.fixedBytes else { return outcome }
        outcome.notes = fix.notes.map { "\(displayPath): the fix \($0)" }
        if !writes {
            // What the diff alone does not say (a deleted comment) comes first, as `#` lines.
            let header = outcome.notes.map { "# granted-lint: \($0)\n" }.joined()
            outcome.diff = header + UnifiedDiff.render(path: displayPath, old: String(decoding: bytes, as: UTF8.self), new: String(decoding: fixedBytes, as: UTF8.self))
            return outcome
        }
        // Write through symbolic links (keeping the link), but never out of the link's project,
        // never to a read-only file, and never over an edit made while granted-lint was working.
        let target = URL(fileURLWithPath: job.path).resolvingSymlinksInPath().path
        let project = Workspace.projectOfLink(job.path, root: root)
        var refusal: String?
        if !Workspace.path(target, isWithin: project) {
            refusal = "is a symbolic link to \(target), outside \(project); not written"
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

extension Workspace {
    /// The project a file to be fixed belongs to, which a symbolic link there may not leave: the
    /// workspace's root for a file named under it (a link inside the project that leads out is
    /// refused, however it was reached), and for a file named outside it — a sibling package of a
    /// monorepo, a path pre-commit gives relative to another directory — the git work tree that
    /// holds the file's directory, or that directory alone outside git. A plain file is never a
    /// link out of its own project, wherever it lies.
    static func projectOfLink(_ path: String, root: String) -> String {
        let named = absolute(path)
        let directory = URL(fileURLWithPath: directoryOf(named)).resolvingSymlinksInPath().path
        if Workspace.path(directoryOf(named), isWithin: root) || Workspace.path(directory, isWithin: root) { return root }
        if let repository = GitRepository.containing(directory) {
            return URL(fileURLWithPath: absolute(repository.workTree)).resolvingSymlinksInPath().path
        }
        return directory
    }

    static func path(_ path: String, isWithin directory: String) -> Bool {
        path == directory || path.hasPrefix(directory == "/" ? "/" : directory + "/")
    }
}

// MARK: - Provisional evidence

extension Workspace {
    /// The directory whose files decide whether the app requests provisional authorization: the
    /// nearest one at or above the linted paths' common directory with a `package.json` (the app,
    /// or one package of a monorepo), not above the git work tree's top; without one, the common
    /// directory itself.
    public static func evidenceScope(for paths: [String]) -> String {
        let directories = paths.map { path -> String in
            let full = absolute(path)
            var status = stat()
            return stat(full, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR ? full : directoryOf(full)
        }
        guard var common = directories.first else { return absolute(".") }
        for directory in directories.dropFirst() {
            while !(directory == common || directory.hasPrefix(common == "/" ? "/" : common + "/")) { common = directoryOf(common) }
        }
        let top = GitRepository.containing(common).map { absolute($0.workTree) }
        var candidate = common
        while true {
            if access(candidate + "/package.json", F_OK) == 0 { return candidate }
            if candidate == "/" || candidate == top { return common }
            candidate = directoryOf(candidate)
        }
    }

    /// Whether one of the named paths is a directory at or above `scope`: a walk of it saw every
    /// file the evidence needs, so nothing else has to be read.
    public static func directories(_ paths: [String], cover scope: String) -> Bool {
        paths.contains { path in
            let full = absolute(path)
            var status = stat()
            guard stat(full, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return false }
            return scope == full || scope.hasPrefix(full == "/" ? "/" : full + "/")
        }
    }

    /// The evidence of the files under `scope` that `skipping` does not name (absolute paths): read
    /// with the rules' ignore files, prefiltered by the evidence's needles, parsed only when they
    /// match. Returns the evidence and how many files it came from.
    public func scanEvidence(under scope: String, skipping: Set<String>, displayPath: @escaping (String) -> String) -> (evidence: ProvisionalEvidence, files: Int) {
        let byFile = scanEvidenceByFile(under: scope, skipping: skipping, displayPath: displayPath)
        var evidence = ProvisionalEvidence()
        for found in byFile.values { evidence.add(found) }
        return (evidence, byFile.count)
    }

    /// The same, per file (absolute path), files without any left out.
    func scanEvidenceByFile(under scope: String, skipping: Set<String>, displayPath: @escaping (String) -> String) -> [String: FileProvisionalEvidence] {
        guard let found = try? FileDiscovery(resolver: configurations, excludes: [], respectsIgnoreFiles: true).discover([scope]) else {
            return [:]
        }
        let files = found.files.map(absolute).filter { !skipping.contains($0) }
        let workerCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, files.count))
        let lock = NSLock()
        var byFile: [String: FileProvisionalEvidence] = [:]
        DispatchQueue.concurrentPerform(iterations: workerCount) { worker in
            var parsers: [Grammar: SyntaxParser] = [:]
            var local: [String: FileProvisionalEvidence] = [:]
            var index = worker
            while index < files.count {
                defer { index += workerCount }
                guard let bytes = currentBytes(of: files[index]) else { continue }
                if let found = Self.evidence(in: bytes, path: files[index], displayPath: displayPath, parsers: &parsers) { local[files[index]] = found }
            }
            lock.lock()
            byFile.merge(local) { $1 }
            lock.unlock()
        }
        return byFile
    }

    /// One file's evidence from its bytes (nil when it has none).
    static func evidence(in bytes: [UInt8], path: String, displayPath: (String) -> String, parsers: inout [Grammar: SyntaxParser]) -> FileProvisionalEvidence? {
        guard ProvisionalEvidenceScanner.mayHaveEvidence(bytes), !bytes.contains(0) else { return nil }
        let grammar = Workspace.grammar(of: path)
        let parser = parsers[grammar] ?? SyntaxParser(grammar: grammar)
        parsers[grammar] = parser
        parser.timeoutMicroseconds = 5_000_000
        let shown = displayPath(path)
        guard let tree = parser.parse(SourceText(bytes: bytes)) else { return nil }
        let model = SemanticModel(tree: tree, path: shown, depthLimit: Linter.maximumDepth)
        guard !model.isTooDeep else { return nil }
        let found = ProvisionalEvidenceScanner.evidence(in: model, path: shown)
        return found.isEmpty ? nil : found
    }

    // The evidence a long-running front end keeps for its root, file by file.

    /// The project's evidence under `root`, scanned on first use and then kept up to date with
    /// `updateEvidence`; paths are absolute.
    public func rootEvidence() -> ProvisionalEvidence {
        lock.lock()
        let known = evidenceByFile
        lock.unlock()
        let byFile: [String: FileProvisionalEvidence]
        if let known {
            byFile = known
        } else {
            let scanned = scansEvidenceRoot ? scanEvidenceByFile(under: root, skipping: [], displayPath: { $0 }) : [:]
            lock.lock()
            if evidenceByFile == nil { evidenceByFile = scanned }
            byFile = evidenceByFile ?? scanned
            lock.unlock()
        }
        var evidence = ProvisionalEvidence()
        for path in byFile.keys.sorted() { evidence.add(byFile[path]!) }
        return evidence
    }

    /// A file's evidence is now this (from its latest lint); returns the project's evidence and
    /// whether it changed in a way findings show (live/latent, or the request they name).
    @discardableResult
    public func updateEvidence(of path: String, with found: FileProvisionalEvidence?) -> (evidence: ProvisionalEvidence, changed: Bool) {
        let before = rootEvidence()
        lock.lock()
        let old = evidenceByFile?[absolute(path)]
        evidenceByFile?[absolute(path)] = (found?.isEmpty ?? true) ? nil : found
        let unchanged = old == evidenceByFile?[absolute(path)]
        lock.unlock()
        if unchanged { return (before, false) }
        let after = rootEvidence()
        return (after, before.orderedSites.first != after.orderedSites.first || before.projectNeverAsks != after.projectNeverAsks)
    }

    /// A file changed outside the editor's buffers: its evidence is read again.
    @discardableResult
    public func rescanEvidence(of path: String) -> Bool {
        var parsers: [Grammar: SyntaxParser] = [:]
        let full = absolute(path)
        let found = currentBytes(of: full).flatMap { Self.evidence(in: $0, path: full, displayPath: { $0 }, parsers: &parsers) }
        return updateEvidence(of: full, with: found).changed
    }

    /// Sets the level and notes of every finding that depends on provisional requests, by the
    /// evidence and each file's `provisional` setting, and states the run's evidence once
    /// (`LintReport.evidenceSummary`).
    public func applyEvidence(_ evidence: ProvisionalEvidence, to report: inout LintReport) {
        var modes = Set<Configuration.ProvisionalMode>()
        for index in report.results.indices {
            let result = report.results[index]
            guard result.diagnostics.contains(where: { $0.dependsOnProvisionalRequests || $0.ruleId == Workspace.missingAllowProvisionalId }) else { continue }
            let mode = (try? configuration(forFile: result.file.path))?.provisional ?? .auto
            if result.diagnostics.contains(where: \.dependsOnProvisionalRequests) { modes.insert(mode) }
            report.results[index] = Workspace.applying(evidence, mode: mode, to: result)
        }
        if !modes.isEmpty { report.evidenceSummary = Workspace.evidenceSummary(evidence, modes: modes) }
    }

    static let missingAllowProvisionalId = "missing-allow-provisional"

    /// What the run's evidence makes of its provisional-blind checks, in one sentence (said once at
    /// the top of the text report and in the job summary, not in every finding).
    public static func evidenceSummary(_ evidence: ProvisionalEvidence, modes: Set<Configuration.ProvisionalMode>,
                                       describe: (String) -> String = { $0 }) -> String {
        let configured = modes.count == 1 ? modes.first! : .auto
        let mixed = modes.count > 1 ? " (files whose configuration sets `provisional` follow it)" : ""
        switch configured {
        case .requested:
            return "the configuration says the app requests provisional authorization (`\"provisional\": \"requested\"`), so the provisional-blind checks below are live"
        case .never:
            return "the configuration says the app never requests provisional authorization (`\"provisional\": \"never\"`), so the provisional-blind checks below are latent (one level lower)"
        case .auto:
            if let site = evidence.orderedSites.first {
                let sites = evidence.orderedSites
                let more = sites.count > 1 ? "; \(sites.count - 1) more place\(sites.count == 2 ? "" : "s")" : ""
                return "provisional authorization is requested at \(describe(site.path)):\(site.start.line) (\(site.how)\(more)), so the provisional-blind checks below are live\(mixed)"
            }
            let why = evidence.projectNeverAsks
                ? "every permission request in this project says it is not provisional"
                : "no permission request in this project asks for provisional authorization"
            return "\(why), so the provisional-blind checks below are latent (one level lower) until one does\(mixed)"
        }
    }

    /// One file's findings under the evidence: the level (latent findings one level lower), a note
    /// saying live or latent and why, and the request as a related location.
    /// - Parameter describe: how a request's path is shown in notes.
    public static func applying(_ evidence: ProvisionalEvidence, mode: Configuration.ProvisionalMode, to result: FileResult,
                                describe: (String) -> String = { $0 }) -> FileResult {
        let sites = evidence.orderedSites
        func where_(_ site: ProvisionalRequestSite) -> String { "\(describe(site.path)):\(site.start.line)" }
        let diagnostics = result.diagnostics.map { original -> Diagnostic in
            var diagnostic = original
            if diagnostic.ruleId == missingAllowProvisionalId {
                guard mode != .never,
                      let site = sites.first(where: { !($0.path == result.file.path && $0.range.overlaps(diagnostic.range)) }) else { return diagnostic }
                diagnostic.notes.append("the project requests provisional authorization elsewhere: devices authorized that way get the full dialog here")
                diagnostic.related.append(related(site, in: result, message: "provisional authorization is requested here"))
                return diagnostic
            }
            guard diagnostic.dependsOnProvisionalRequests else { return diagnostic }
            // Short: the run states its evidence once (`evidenceSummary`); a live finding carries
            // the request as a related location.
            switch mode {
            case .requested:
                diagnostic.evidence = .live
                diagnostic.notes.append("live: the configuration says the app requests provisional authorization (`\"provisional\": \"requested\"`)")
            case .never:
                diagnostic.evidence = .latent
                diagnostic.severity = diagnostic.severity.oneLevelLower
                diagnostic.notes.append("latent: the configuration says the app never requests provisional authorization (`\"provisional\": \"never\"`)")
            case .auto:
                if let site = sites.first {
                    diagnostic.evidence = .live
                    diagnostic.related.append(related(site, in: result, message: "provisional authorization is requested here (\(site.how))"))
                } else {
                    diagnostic.evidence = .latent
                    diagnostic.severity = diagnostic.severity.oneLevelLower
                    diagnostic.notes.append(evidence.projectNeverAsks
                        ? "latent: every permission request in this project says it is not provisional; this check drops provisional devices as soon as one is"
                        : "latent: no permission request in this project asks for provisional authorization; this check drops provisional devices as soon as one does")
                }
            }
            return diagnostic
        }
        return result.replacing(diagnostics: diagnostics)
    }

    private static func related(_ site: ProvisionalRequestSite, in result: FileResult, message: String) -> RelatedLocation {
        if site.path == result.file.path, !result.file.text.bytes.isEmpty {
            return RelatedLocation(range: site.range, message: message)
        }
        return RelatedLocation(elsewhere: site.location, message: message)
    }
}
