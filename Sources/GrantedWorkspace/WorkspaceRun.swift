import GrantedDiscovery
import Foundation
import GrantedSyntax
import GrantedSemantics
import GrantedLinter

/// What a whole run asks of the workspace, formats aside: which files (paths, their staged
/// content, or what changed since a ref), how to discover them, the baseline, and when the run
/// fails. The fix mode and the other lint settings are the workspace's own.
public struct RunRequest: Sendable {
    public enum Selection: Sendable, Equatable {
        /// The files under the paths (named files always).
        case paths
        /// The staged content of the staged files under the paths (`--staged`).
        case staged
        /// The files under the paths changed since a ref, plus staged and untracked ones.
        case changedSince(String)
    }

    public var paths: [String]
    public var selection: Selection = .paths
    public var excludes: [String] = []
    public var respectsIgnoreFiles = true
    /// Findings it lists are hidden (`--baseline`).
    public var baselinePath: String?
    /// Where today's findings are recorded (`--write-baseline`).
    public var writeBaselinePath: String?
    /// The lowest level that makes the run fail.
    public var failOn: Severity = .warning
    public var maxWarnings: Int?

    public init(paths: [String]) { self.paths = paths }

    /// Whether the run sees the whole project (project-level checks need it).
    var isWholeProject: Bool { selection == .paths }
}

/// What a whole run gives back: the report (findings with their evidence applied, minus what the
/// baseline hides), what it says about itself, the fixes, and the exit status.
public struct RunResult {
    public var report: LintReport
    /// `--fix-dry-run`: the unified diffs, to print before the report.
    public var diffs: [String] = []
    /// For people, after the report: what the baseline and the fixes did.
    public var messages: [String] = []
    public var fixedCount = 0
    public var fixedFileCount = 0
    public var rejectedFixCount = 0
    /// 0 clean, 1 findings at or above the failing level (or too many warnings), 2 files that could
    /// not be analysed or a named directory with nothing to lint.
    public var exitStatus: Int32 = 0
}

/// The files a run selected, before linting.
public struct RunFiles {
    public var files: [String] = []
    public var problems: [FileProblem] = []
    public var notes: [RunNote] = []
    /// Whether the files' bytes come from git's index.
    public var fromIndex = false
}

extension Workspace {
    /// File discovery with the request's excludes and ignore-file setting.
    public func discovery(for request: RunRequest) -> FileDiscovery {
        FileDiscovery(resolver: configurations, excludes: request.excludes, respectsIgnoreFiles: request.respectsIgnoreFiles)
    }

    /// What a run notes about the named directories that gave it nothing to lint.
    public static func runNotes(for found: FileDiscovery.Found) -> [RunNote] {
        found.emptyDirectories.map { directory in
            let path = directory.path.hasSuffix("/") ? directory.path : directory.path + "/"
            return RunNote(path: path, level: directory.exclusions.isEmpty ? .note : .error, message: directory.explanation)
        }
    }

    /// The files a request names.
    public func selectFiles(_ request: RunRequest) throws -> RunFiles {
        var selection = RunFiles()
        switch request.selection {
        case .staged:
            selection.fromIndex = true
            let wantedRoots = request.paths.map(absolute)
            let excludes = request.excludes.map(Glob.init)
            for path in try Git.stagedFiles() {
                let full = absolute(path)
                guard wantedRoots.contains(where: { full == $0 || full.hasPrefix($0 == "/" ? "/" : $0 + "/") }) else { continue }
                if try configurations.configuration(forFile: path).lints(path), !excludes.contains(where: { $0.matches(path) }) {
                    selection.files.append(path)
                }
            }
        case .paths, .changedSince:
            let found = try discovery(for: request).discover(request.paths)
            selection.files = found.files
            selection.problems = found.problems
            selection.notes = Self.runNotes(for: found)
            if case let .changedSince(ref) = request.selection {
                let changed = Set(try Git.changedFiles(since: ref).map(absolute))
                selection.files = selection.files.filter { changed.contains(absolute($0)) }
            }
        }
        return selection
    }

    /// A whole run: selects the files, lints (and fixes) them, applies the provisional evidence and
    /// the project-level checks, records and applies the baseline, and decides the exit status.
    public func run(_ request: RunRequest) throws -> RunResult {
        let selection: RunFiles
        let outcomes: [FileOutcome]
        if let run = try discoverAndLintProject(request) {
            (selection, outcomes) = run
        } else {
            selection = try selectFiles(request)
            outcomes = try lint(files: selection.files, read: selection.fromIndex ? Self.stagedContent : nil)
        }
        return try finishRun(outcomes, selection: selection, request: request)
    }

    /// A run over text read from standard input, linted as if it were the file at `path`
    /// (`--stdin-filename`): its configuration, its project (the other files are read from disk,
    /// so cross-file findings and the provisional evidence are a normal run's), its ignore rules
    /// (an ignored path reports nothing: `ignored` says why). Nothing is written: with a fix mode
    /// the workspace must be set to `.dryRun`, and `fixedText` is the text after the fixes.
    public func run(_ request: RunRequest, standardInput bytes: [UInt8], as path: String) throws
        -> (result: RunResult, fixedText: [UInt8], ignored: String?) {
        if case .apply = settings.fixMode { preconditionFailure("standard input is never written: use .dryRun") }
        if let reason = try ignoreReason(of: path, request: request) {
            var result = RunResult(report: LintReport(results: [], problems: []))
            result.exitStatus = 0
            return (result, bytes, reason)
        }
        // The project index reads the buffer, not the disk, for this path.
        _ = setBuffer(bytes, forFile: absolute(path))
        defer { _ = setBuffer(nil, forFile: absolute(path)) }
        var selection = RunFiles()
        selection.files = [path]
        let outcomes = try lint(files: [path], read: { _ in .success(bytes) })
        // With fixes, the outcome's text is the text after them (nothing was written).
        var fixedText = bytes
        if let outcome = outcomes.first, outcome.fixedCount > 0, case let .success(file) = outcome.result { fixedText = file.file.text.bytes }
        var result = try finishRun(outcomes, selection: selection, request: request)
        result.diffs = []
        return (result, fixedText, nil)
    }

    /// Why a path given with `--stdin-filename` is not linted: the configuration's `exclude` or
    /// extensions, `--exclude`, or (for a file that exists) an ignore file; nil when it is linted.
    func ignoreReason(of path: String, request: RunRequest) throws -> String? {
        if !(try configuration(forFile: path)).lints(path) { return "excluded by its configuration" }
        if request.excludes.map(Glob.init).contains(where: { $0.matches(path) }) { return "excluded by --exclude" }
        guard request.respectsIgnoreFiles else { return nil }
        // Below the working directory, a directory a walk never enters (`node_modules`, `build`…).
        let relative = GrantedDiscovery.displayPath(path).split(separator: "/").dropLast().map(String.init)
        if let skipped = relative.first(where: { FileWalker.skippedDirectoryNames.contains($0) }) { return "under \(skipped)/" }
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let found = try discovery(for: request).discover([directoryOf(absolute(path))])
        let wanted = absolute(path)
        return found.files.contains { absolute($0) == wanted } ? nil : "ignored by an ignore file"
    }

    func finishRun(_ outcomes: consuming [FileOutcome], selection: RunFiles, request: RunRequest) throws -> RunResult {
        // What the fixes did, read before the outcomes are handed to the report (which takes them).
        var fixedCount = 0, fixedFileCount = 0, rejectedFixCount = 0
        var diffs: [String] = []
        var fixNotes: [String] = []
        for index in outcomes.indices {
            fixedCount += outcomes[index].fixedCount
            if outcomes[index].fixedCount > 0 { fixedFileCount += 1 }
            rejectedFixCount += outcomes[index].rejectedCount
            if let diff = outcomes[index].diff { diffs.append(diff) } else { fixNotes += outcomes[index].notes }
        }
        var report = self.report(of: consume outcomes, problems: selection.problems, notes: selection.notes)
        if !settings.parseOnly {
            applyProjectChecks(to: &report, files: selection.files, request: request)
            applyProvisionalEvidence(to: &report, files: selection.files, request: request)
        }
        var result = RunResult(report: report)
        result.fixedCount = fixedCount
        result.fixedFileCount = fixedFileCount
        result.rejectedFixCount = rejectedFixCount
        result.diffs = diffs
        try applyBaseline(request, to: &result)
        let fixed = result.fixedCount
        let files = result.fixedFileCount
        let rejected = result.rejectedFixCount
        switch settings.fixMode {
        case .apply:
            result.messages += fixNotes
            result.messages.append("Fixed \(fixed) problem\(fixed == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s")\(rejected > 0 ? "; \(rejected) fix\(rejected == 1 ? " was" : "es were") rejected because it would break the syntax" : "").")
        case .dryRun:
            result.messages.append("\(fixed) problem\(fixed == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s") would be fixed (dry run: nothing written).")
        case .none:
            break
        }
        result.exitStatus = Self.exitStatus(of: result.report, request: request)
        return result
    }

    /// Records today's findings (`writeBaselinePath`), then hides those the baseline lists.
    func applyBaseline(_ request: RunRequest, to result: inout RunResult) throws {
        let repository = RepositoryRoot(path: root)
        if let path = request.writeBaselinePath {
            var baseline = Baseline()
            for file in result.report.results {
                for diagnostic in file.diagnostics {
                    baseline.record(Baseline.key(for: diagnostic, path: repository.relativePath(of: file.file.path), text: file.file.text))
                }
            }
            try AtomicFile.write(Array(baseline.serialized().utf8), to: path)
            result.messages.append("Wrote \(baseline.entryCount) finding\(baseline.entryCount == 1 ? "" : "s") to the baseline \(path).")
        }
        guard let path = request.baselinePath else { return }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Configuration.LoadError(path: path, line: nil, message: "cannot read it")
        }
        var baseline: Baseline
        do {
            baseline = try Baseline.parse(Array(data))
        } catch let error as Baseline.FormatError {
            throw Configuration.LoadError(path: path, line: nil, message: "not a granted-lint baseline: \(error.message)")
        }
        var hidden = 0
        var lintedPaths = Set<String>()
        for index in result.report.results.indices {
            let file = result.report.results[index]
            let relative = repository.relativePath(of: file.file.path)
            lintedPaths.insert(relative)
            let kept = file.diagnostics.filter { diagnostic in
                !baseline.consume(Baseline.key(for: diagnostic, path: relative, text: file.file.text))
            }
            hidden += file.diagnostics.count - kept.count
            result.report.results[index] = file.replacing(diagnostics: kept)
        }
        if hidden > 0 { result.messages.append("\(hidden) finding\(hidden == 1 ? "" : "s") hidden by the baseline \(path).") }
        let stale = baseline.unmatched(in: lintedPaths).reduce(0) { $0 + $1.1 }
        if stale > 0 {
            result.messages.append("\(stale) baseline entr\(stale == 1 ? "y no longer matches" : "ies no longer match"); prune with --write-baseline \(path).")
        }
    }

    /// 2 when a file could not be analysed or a named directory gave nothing to lint, 1 when a
    /// finding reaches the failing level or there are too many warnings, else 0.
    public static func exitStatus(of report: LintReport, request: RunRequest) -> Int32 {
        if !report.problems.isEmpty || report.notes.contains(where: { $0.level == .error }) { return 2 }
        if report.results.contains(where: { $0.diagnostics.contains { $0.severity >= request.failOn } }) { return 1 }
        if let maxWarnings = request.maxWarnings, report.count(of: .warning) > maxWarnings { return 1 }
        return 0
    }

    /// Live or latent: the provisional-blind findings follow whether the project requests
    /// provisional authorization anywhere. The evidence comes from the linted files and, when the
    /// run saw only part of the project (`--staged`, `--changed-since`, files or a subdirectory),
    /// from the rest of it, read with the same prefilter.
    public func applyProvisionalEvidence(to report: inout LintReport, files: [String], request: RunRequest) {
        let dependent = report.results.contains { $0.diagnostics.contains { $0.dependsOnProvisionalRequests || $0.ruleId == Workspace.missingAllowProvisionalId } }
        guard dependent else { return }
        var evidence = ProvisionalEvidence()
        for result in report.results { if let found = result.provisionalEvidence { evidence.add(found) } }
        let partial = !request.isWholeProject
        let scope = Workspace.evidenceScope(for: partial ? (files.isEmpty ? ["."] : files) : request.paths)
        if partial || !Workspace.directories(request.paths, cover: scope) {
            let linted = Set(files.map(absolute))
            // A file's staged text is what the run linted; its working-tree text is not read again.
            let scanned = scanEvidence(under: scope, skipping: linted, displayPath: Workspace.displayPath)
            evidence.add(scanned.evidence)
            evidence.scannedOutsideLintedFiles = scanned.files
            if let site = evidence.orderedSites.first, !linted.contains(absolute(site.path)) {
                report.notes.append(RunNote(
                    path: site.path, level: .note,
                    message: "provisional authorization is requested at \(site.shortDescription), outside the linted paths: provisional-blind checks are live"
                ))
            }
        }
        applyEvidence(evidence, to: &report)
    }

    /// The staged content of a file (`--staged`), from git's index.
    public static func stagedContent(of path: String) -> Result<[UInt8], FileProblem> {
        let shown = displayPath(path)
        do {
            return .success(try Git.stagedContent(of: shown))
        } catch {
            return .failure(FileProblem(path: shown, kind: .unreadable, reason: "cannot read the staged content: \(error)"))
        }
    }
}
