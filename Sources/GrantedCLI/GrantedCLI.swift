import Dispatch
import Foundation
import GrantedEngine
import GrantedLanguageServer
import GrantedReporters
import GrantedRules
import GrantedSyntax

public enum GrantedCLI {
    public static let version = BuildInfo.version


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
        case let .languageServer(logFile):
            let setup = LanguageServer.Setup(catalog: catalog, version: BuildInfo.version, ruleDocsURL: ruleDocsURL, logFile: logFile)
            return LanguageServer(setup: setup).run()
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

    static func accepts(_ path: String, configuration: Configuration) -> Bool {
        configuration.lints(path)
    }

    private static func lintCommand(
        _ options: Options, standardOutput: (String) -> Void, standardError: (String) -> Void, isTerminal: Bool
    ) throws -> Int32 {
        let workspace = try Workspace(catalog: catalog, settings: settings(options), configurationPath: options.configPath)
        let resolver = workspace.configurations
        if let path = options.printConfigPath {
            standardOutput(try printConfiguration(for: path, resolver: resolver))
            return 0
        }
        if options.command == .inventory {
            return try inventoryCommand(options, workspace: workspace, standardOutput: standardOutput, standardError: standardError)
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
        let outcomes = try workspace.lint(files: files, read: stagedContent ? GrantedCLI.stagedContent : nil)
        var report = workspace.report(of: outcomes, problems: problems, notes: notes, wholeProject: options.changedSince == nil && !options.staged)
        if !options.parseOnly { applyProvisionalEvidence(to: &report, files: files, options: options, workspace: workspace) }
        var fixed = 0
        var fixedFiles = 0
        var rejected = 0
        var diffs: [String] = []
        var fixNotes: [String] = []
        for outcome in outcomes {
            fixed += outcome.fixedCount
            if outcome.fixedCount > 0 { fixedFiles += 1 }
            rejected += outcome.rejectedCount
            if let diff = outcome.diff { diffs.append(diff) }
            if outcome.diff == nil { fixNotes += outcome.notes }
        }

        // Baseline: record, then hide what it lists.
        let root = RepositoryRoot(path: workspace.root)
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
        if options.format.isForPeople, !messages.isEmpty { rendered += messages.joined(separator: "\n") + "\n" }
        if !options.format.isForPeople { for message in messages { standardError("granted-lint: \(message)\n") } }
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
        _ options: Options, workspace: Workspace, standardOutput: (String) -> Void, standardError: (String) -> Void
    ) throws -> Int32 {
        let found = try discovery(options, resolver: workspace.configurations).discover(options.paths)
        for note in runNotes(for: found) where note.level == .error { standardError("granted-lint: \(note.message)\n") }
        let project = workspace.buildProjectIndexAndRelevance(found.files).project
        let modules = ProjectIndex.moduleNames
        let names = project.exportedNames
        var entries: [InventoryReporter.Entry] = []
        var problems = found.problems
        var evidence = ProvisionalEvidence()
        var modes: [String: Configuration.ProvisionalMode] = [:]
        for path in found.files {
            let displayPath = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
            switch FileReader.read(path, maxSize: options.maxFileSize) {
            case let .failure(problem):
                problems.append(FileProblem(path: displayPath, kind: problem.kind, reason: problem.reason))
            case let .success(bytes):
                let text = SourceText(bytes: bytes)
                let mayHaveEvidence = ProvisionalEvidenceScanner.mayHaveEvidence(bytes)
                guard options.noPrefilter || mayHaveEvidence || modules.contains(where: { text.contains($0) }) || names.contains(where: { text.contains($0) }) else { continue }
                let fileExtension = displayPath.split(separator: ".").last.map(String.init) ?? ""
                let parser = SyntaxParser(grammar: Grammar(fileExtension: fileExtension) ?? .tsx)
                guard let tree = parser.parse(text) else { continue }
                let model = SemanticModel(tree: tree, path: displayPath, project: project)
                if mayHaveEvidence { evidence.add(ProvisionalEvidenceScanner.evidence(in: model, path: displayPath)) }
                modes[displayPath] = workspace.configurationKeepingLastGood(forFile: path).configuration.provisional
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
        // Live or latent, as for the findings: the rest of the project is read when the paths are part of it.
        let scope = Workspace.evidenceScope(for: options.paths)
        if !Workspace.directories(options.paths, cover: scope) {
            evidence.add(workspace.scanEvidence(under: scope, skipping: Set(found.files.map(absolute)), displayPath: displayPath).evidence)
        }
        for index in entries.indices where entries[index].site.handling == .blind && entries[index].site.dependsOnProvisional {
            switch modes[entries[index].path] ?? .auto {
            case .auto: entries[index].live = !evidence.sites.isEmpty
            case .requested: entries[index].live = true
            case .never: entries[index].live = false
            }
        }
        let requestedAt = evidence.orderedSites.map(\.shortDescription)
        var reporter = InventoryReporter(toolVersion: version, provisionalRequestedAt: Array(NSOrderedSet(array: requestedAt)) as? [String] ?? requestedAt)
        reporter.configuredAsRequested = modes.values.contains(.requested)
        let rendered = reporter.render(entries, format: options.format == .json ? .json : options.format == .markdown ? .markdown : .text)
        if let path = options.outputPath { try writeReport(rendered, to: path) } else { standardOutput(rendered) }
        return problems.isEmpty && !runNotes(for: found).contains(where: { $0.level == .error }) ? 0 : 2
    }

    /// File discovery as the options and configuration ask for it.
    static func discovery(_ options: Options, resolver: ConfigurationResolver) -> FileDiscovery {
        FileDiscovery(resolver: resolver, excludes: options.excludes, respectsIgnoreFiles: !options.noIgnore)
    }

    /// Live or latent: the provisional-blind findings follow whether the project requests
    /// provisional authorization anywhere. The evidence comes from the linted files and, when the
    /// run saw only part of the project (`--staged`, `--changed-since`, files or a subdirectory),
    /// from the rest of it, read with the same prefilter.
    static func applyProvisionalEvidence(to report: inout LintReport, files: [String], options: Options, workspace: Workspace) {
        let dependent = report.results.contains { $0.diagnostics.contains { $0.dependsOnProvisionalRequests || $0.ruleId == "missing-allow-provisional" } }
        guard dependent else { return }
        var evidence = ProvisionalEvidence()
        for result in report.results { if let found = result.provisionalEvidence { evidence.add(found) } }
        let partial = options.staged || options.changedSince != nil
        let scope = Workspace.evidenceScope(for: partial ? (files.isEmpty ? ["."] : files) : options.paths)
        if partial || !Workspace.directories(options.paths, cover: scope) {
            let linted = Set(files.map(absolute))
            // A file's staged text is what the run linted; its working-tree text is not read again.
            let scanned = workspace.scanEvidence(under: scope, skipping: linted, displayPath: displayPath)
            evidence.add(scanned.evidence)
            evidence.scannedOutsideLintedFiles = scanned.files
            if let site = evidence.orderedSites.first, !linted.contains(absolute(site.path)) {
                report.notes.append(RunNote(
                    path: site.path, level: .note,
                    message: "provisional authorization is requested at \(site.shortDescription), outside the linted paths: provisional-blind checks are live"
                ))
            }
        }
        workspace.applyEvidence(evidence, to: &report)
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
        let words = ChannelAfterPermissionRequest.description.messageTable["noChannel"]!
            .rendered(["code": RuleMessage.callQuote(result.file.text.text(in: range))])
        diagnostics.append(Diagnostic(
            ruleId: ChannelAfterPermissionRequest.description.id, severity: .note,
            message: words.message, notes: words.notes, help: words.help, range: range
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
            ("provisional", .string(configuration.provisional.rawValue)),
            ("linted", .bool(accepts(path, configuration: configuration))),
        ]).render() + "\n"
    }

    static func render(_ report: LintReport, as format: Options.OutputFormat, rules: [ConfiguredRule], root: RepositoryRoot, color: Bool) -> String {
        let relativePath = { (path: String) in root.relativePath(of: path) }
        switch format {
        case .text:
            return TextReporter(useColor: color).render(report)
        case .concise:
            return TextReporter(useColor: color, layout: .concise).render(report)
        case .json:
            return JSONReporter(toolVersion: version, helpURI: ruleDocsURL).render(report)
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

    /// The rules the command line runs, and its project-level check.
    static let catalog = RuleCatalog(rules: BuiltinRules.all, projectChecks: [addMissingChannelNote])

    static func settings(_ options: Options) -> LintSettings {
        var settings = LintSettings()
        settings.fixMode = options.fixMode
        settings.maxFileSize = options.maxFileSize
        settings.usesPrefilter = !options.noPrefilter
        settings.parseOnly = options.parseOnly
        settings.strictSyntax = options.strictSyntax
        settings.parseTimeoutMilliseconds = options.parseTimeoutMilliseconds
        return settings
    }

    /// A file to lint from the command line (`fromIndex`: the staged content of `--staged`).
    struct LintJob {
        let path: String
        let configuration: Configuration
        let fromIndex: Bool
    }

    /// Lints files given with their configurations (the engine's workspace does the work).
    static func lint(_ jobs: [LintJob], options: Options, project: ProjectIndex? = nil) -> [FileOutcome] {
        guard let workspace = try? Workspace(catalog: catalog, settings: settings(options), configurationPath: nil) else { return [] }
        return workspace.lint(jobs.map { job in
            GrantedEngine.LintJob(path: job.path, configuration: job.configuration, read: job.fromIndex ? { stagedContent(of: job.path) } : nil)
        }, project: project)
    }

    /// The staged content of a file (`--staged`), from git's index.
    static func stagedContent(of path: String) -> Result<[UInt8], FileProblem> {
        let displayPath = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        do {
            return .success(try Git.stagedContent(of: displayPath))
        } catch {
            return .failure(FileProblem(path: displayPath, kind: .unreadable, reason: "cannot read the staged content: \(error)"))
        }
    }
}
