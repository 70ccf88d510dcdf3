import GrantedDiscovery
import Dispatch
import Foundation
import GrantedFlows
import GrantedLinter
import GrantedSemantics
import GrantedWorkspace
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
            guard let description = catalog.description(of: id) else {
                standardError("granted-lint: unknown rule id '\(id)'; see 'granted-lint --list-rules'\n")
                return 2
            }
            standardOutput(RuleDocs.page(for: description))
            return 0
        case let .ruleDocs(directory):
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                for (name, content) in RuleDocs.files(for: catalog.descriptions) {
                    try AtomicFile.write(Array(content.utf8), to: directory + "/" + name, durable: false)
                }
            } catch {
                standardError("granted-lint: cannot write the rules reference: \(error)\n")
                return 2
            }
            return 0
        case let .languageServer(logFile):
            let setup = LanguageServer.Setup(catalog: catalog, version: BuildInfo.version, ruleDocsURL: ruleDocsURL, logFile: logFile)
            return LanguageServer(setup: setup).run()
        case .lint, .inventory, .flows:
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
            standardOutput(options.format == .json ? listRulesJSON() : listRules())
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
        let descriptions = catalog.descriptions
        let width = descriptions.map(\.id.count).max() ?? 0
        return descriptions.map { description in
            let id = description.id.padding(toLength: width, withPad: " ", startingAt: 0)
            let severity = description.defaultSeverity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            return "\(id)  \(severity)  \(description.summary)\n"
        }.joined()
    }

    /// The rule list for programs (the ESLint plugin's rule catalog is generated from it):
    /// each rule's id, default severity, summary, documentation and the kinds of fix it can make.
    static func listRulesJSON() -> String {
        JSONValue.array(catalog.descriptions.map { description in
            // The kinds its fix examples show; a rule that fixes without examples (the engine's
            // unused-suppression) makes safe fixes.
            var kinds = Set(description.corrections.map(\.applicability))
            if kinds.isEmpty && description.fixAvailability != .none { kinds.insert(.safe) }
            return .object([
                ("id", .string(description.id)),
                ("severity", .string(description.defaultSeverity.rawValue)),
                ("summary", .string(description.summary)),
                ("url", .string(ruleDocsURL(description.id))),
                ("fixes", .array([Fix.Applicability.safe, .unsafe].filter(kinds.contains).map { .string($0.rawValue) })),
                ("tags", .array(description.tags.map { .string($0) })),
            ])
        }).render() + "\n"
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
        if options.command == .flows {
            return try flowsCommand(options, workspace: workspace, standardOutput: standardOutput, standardError: standardError)
        }

        let request = runRequest(options)
        if let name = options.stdinFilename {
            return try standardInputCommand(options, name: name, workspace: workspace, standardOutput: standardOutput, standardError: standardError)
        }
        if options.listFiles {
            let selection = try workspace.selectFiles(request)
            for problem in selection.problems { standardError("granted-lint: \(problem.path): \(problem.reason)\n") }
            for note in selection.notes { standardError("granted-lint: \(note.message)\n") }
            standardOutput(selection.files.map { ($0.hasPrefix("./") ? String($0.dropFirst(2)) : $0) + "\n" }.joined())
            return selection.problems.isEmpty && !selection.notes.contains { $0.level == .error } ? 0 : 2
        }
        let result = try workspace.run(request)
        let report = result.report
        let root = RepositoryRoot(path: workspace.root)
        let messages = result.messages

        for problem in report.problems {
            standardError("granted-lint: \(problem.path): \(problem.reason)\n")
        }
        let toTerminal = isTerminal && options.outputPath == nil
        let color = toTerminal && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) != false
        let allRules = catalog.rules.map { ConfiguredRule($0) }
        var rendered = result.diffs.joined()
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
        // The process ends next: freeing the report file by file would only delay it.
        Workspace.keepUntilExit(result)
        return result.exitStatus
    }

    /// The run the options ask for (formats aside).
    static func runRequest(_ options: Options) -> RunRequest {
        var request = RunRequest(paths: options.paths)
        request.selection = options.staged ? .staged : options.changedSince.map { .changedSince($0) } ?? .paths
        request.excludes = options.excludes
        request.respectsIgnoreFiles = !options.noIgnore
        request.baselinePath = options.baselinePath
        request.writeBaselinePath = options.writeBaselinePath
        request.failOn = options.failOn
        request.maxWarnings = options.maxWarnings
        return request
    }

    /// `granted-lint inventory`: every place the code reads, requests or decides on notification
    /// permission, as a table, JSON or Markdown.
    static func inventoryCommand(
        _ options: Options, workspace: Workspace, standardOutput: (String) -> Void, standardError: (String) -> Void
    ) throws -> Int32 {
        let inventory = try workspace.inventory(runRequest(options))
        for note in inventory.notes where note.level == .error { standardError("granted-lint: \(note.message)\n") }
        for problem in inventory.problems { standardError("granted-lint: \(problem.path): \(problem.reason)\n") }
        var reporter = InventoryReporter(toolVersion: version, provisionalRequestedAt: inventory.provisionalRequestedAt)
        reporter.configuredAsRequested = inventory.configuredAsRequested
        let rendered = reporter.render(inventory.entries, format: options.format == .json ? .json : options.format == .markdown ? .markdown : .text)
        if let path = options.outputPath { try writeReport(rendered, to: path) } else { standardOutput(rendered) }
        return inventory.exitStatus
    }

    /// `--stdin-filename PATH`: standard input linted as PATH (ESLint's `--stdin --stdin-filename`,
    /// Ruff's `--stdin-filename`), for editors that pipe a buffer. The report is a normal run's, in
    /// any format; with a fix mode the fixed source is printed instead, and the report goes to
    /// standard error (or `--output`). A path its configuration or ignore files leave out reports
    /// nothing, with a warning, as ESLint does.
    static func standardInputCommand(
        _ options: Options, name: String, workspace: Workspace, standardOutput: (String) -> Void, standardError: (String) -> Void
    ) throws -> Int32 {
        let bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
        let fixing: Bool
        if case let .apply(kind) = workspace.settings.fixMode {
            // Standard input is never written back: the fixes are computed, the text printed.
            workspace.settings.fixMode = .dryRun(kind)
            fixing = true
        } else {
            fixing = false
        }
        let (result, fixedText, ignored) = try workspace.run(runRequest(options), standardInput: bytes, as: name)
        if let ignored { standardError("granted-lint: warning: \(name) is \(ignored); nothing was linted (--no-ignore lints it)\n") }
        let root = RepositoryRoot(path: workspace.root)
        let allRules = catalog.rules.map { ConfiguredRule($0) }
        var rendered = render(result.report, as: options.format, rules: allRules, root: root, color: false)
        let messages = result.messages.filter { !$0.contains("dry run") }
        if options.format.isForPeople, !messages.isEmpty { rendered += messages.joined(separator: "\n") + "\n" }
        if !options.format.isForPeople { for message in messages { standardError("granted-lint: \(message)\n") } }
        if let path = options.outputPath {
            try writeReport(rendered, to: path)
        } else if fixing {
            standardError(rendered)
        } else {
            standardOutput(rendered)
        }
        if let path = options.sarifOutputPath {
            try writeReport(options.format == .sarif ? rendered : render(result.report, as: .sarif, rules: allRules, root: root, color: false), to: path)
        }
        if fixing { standardOutput(String(decoding: fixedText, as: UTF8.self)) }
        return result.exitStatus
    }

    /// `granted-lint flows`: each permission flow evaluated on the eight device states
    /// (docs/flows.md). Exits 0; 2 when a path could not be read.
    static func flowsCommand(
        _ options: Options, workspace: Workspace, standardOutput: (String) -> Void, standardError: (String) -> Void
    ) throws -> Int32 {
        let selection = try workspace.selectFiles(runRequest(options))
        for problem in selection.problems { standardError("granted-lint: \(problem.path): \(problem.reason)\n") }
        let flows = FlowEvaluator().flows(inFiles: selection.files)
        let reporter = FlowReporter(displayPath: { displayPath($0) })
        let rendered = reporter.render(flows, format: options.format == .json ? .json : options.format == .markdown ? .markdown : .text)
        if let path = options.outputPath { try writeReport(rendered, to: path) } else { standardOutput(rendered) }
        return selection.problems.isEmpty ? 0 : 2
    }

    private static func writeReport(_ text: String, to path: String) throws {
        do {
            try AtomicFile.write(Array(text.utf8), to: path, durable: false)
        } catch let error as AtomicFile.WriteError {
            throw Configuration.LoadError(path: error.path, line: nil, message: "cannot write the report: \(error.reason)")
        }
    }

    static func printConfiguration(for path: String, resolver: ConfigurationResolver) throws -> String {
        let configuration = try resolver.configuration(forFile: path)
        let descriptions = catalog.descriptions
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
            ("linted", .bool(configuration.lints(path))),
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
            var reporter = MarkdownReporter(relativePath: relativePath, helpURI: ruleDocsURL)
            reporter.sourceLink = MarkdownReporter.gitHubSourceLink(environment: ProcessInfo.processInfo.environment)
            reporter.flowTables = MarkdownReporter.flowTables(for: report, displayPath: { displayPath($0) })
            return reporter.render(report)
        }
    }

    /// A rule's page in the published rules reference (SARIF `helpUri`, Markdown links).
    static func ruleDocsURL(_ id: String) -> String {
        "\(SARIFReporter.informationURI)/blob/main/docs/rules/\(id).md"
    }

    /// The rules the command line runs, and its project-level check.
    static let catalog = BuiltinRules.catalog

    static func settings(_ options: Options) -> LintSettings {
        var settings = LintSettings()
        settings.fixMode = options.fixMode
        settings.maxFileSize = options.maxFileSize
        settings.usesPrefilter = !options.noPrefilter
        settings.parseOnly = options.parseOnly
        settings.strictSyntax = options.strictSyntax
        settings.parseTimeoutMilliseconds = options.parseTimeoutMilliseconds
        // The process ends after the run: freeing what it built would only delay the exit.
        settings.keepsRunStateUntilExit = true
        return settings
    }
}
