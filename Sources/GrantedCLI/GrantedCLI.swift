import Dispatch
import Foundation
import GrantedEngine
import GrantedReporters
import GrantedRules
import GrantedSyntax

public enum GrantedCLI {
    public static let version = "0.1.0"

    /// Runs the command line and returns the exit code: 0 clean, 1 findings at or above the failure
    /// level, 2 usage error, unreadable path or internal error.
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
        if options.showHelp {
            standardOutput(Options.help + "\n")
            return 0
        }
        if options.showVersion {
            standardOutput("granted-lint \(version)\n")
            return 0
        }
        let rules = BuiltinRules.all.map { ConfiguredRule($0) }
        if options.listRules {
            standardOutput(listRules(rules))
            return 0
        }

        let discovery = FileDiscovery(extensions: Set(Grammar.defaultExtensions), excludes: options.excludes.map(Glob.init))
        let found = discovery.discover(options.paths)
        var report = lint(found.files, rules: rules, options: options)
        report.problems = found.problems + report.problems

        for problem in report.problems {
            standardError("granted-lint: \(problem.path): \(problem.reason)\n")
        }
        let toTerminal = isTerminal && options.outputPath == nil
        let color = toTerminal && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) != false
        let rendered = render(report, as: options.format, rules: rules, color: color)
        do {
            if let path = options.outputPath {
                try AtomicFile.write(Array(rendered.utf8), to: path)
            } else {
                standardOutput(rendered)
            }
            if let path = options.sarifOutputPath {
                let sarif = options.format == .sarif ? rendered : render(report, as: .sarif, rules: rules, color: false)
                try AtomicFile.write(Array(sarif.utf8), to: path)
            }
        } catch {
            standardError("granted-lint: cannot write the report: \(error)\n")
            return 2
        }

        if !report.problems.isEmpty { return 2 }
        let failing = report.results.contains { $0.diagnostics.contains { $0.severity >= options.failOn } }
        if failing { return 1 }
        if let maxWarnings = options.maxWarnings, report.count(of: .warning) > maxWarnings { return 1 }
        return 0
    }

    static func render(_ report: LintReport, as format: Options.OutputFormat, rules: [ConfiguredRule], color: Bool) -> String {
        switch format {
        case .text:
            return TextReporter(useColor: color).render(report)
        case .json:
            return JSONReporter(toolVersion: version).render(report)
        case .github:
            return GitHubReporter().render(report)
        case .sarif:
            let root = RepositoryRoot.find()
            return SARIFReporter(
                toolVersion: version, rules: rules, relativePath: { root.relativePath(of: $0) },
                helpURI: { "\(SARIFReporter.informationURI)/blob/main/docs/rules/\($0).md" }
            ).render(report)
        }
    }

    static func listRules(_ rules: [ConfiguredRule]) -> String {
        let width = rules.map { $0.rule.description.id.count }.max() ?? 0
        return rules.map { configured in
            let description = configured.rule.description
            let id = description.id.padding(toLength: width, withPad: " ", startingAt: 0)
            let severity = configured.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            return "\(id)  \(severity)  \(description.summary)\n"
        }.joined()
    }

    /// Lints files on all cores, one linter (and so one parser per grammar) per worker.
    static func lint(_ paths: [String], rules: [ConfiguredRule], options: Options) -> LintReport {
        let workerCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, paths.count))
        var outcomes = [Result<FileResult, FileProblem>?](repeating: nil, count: paths.count)
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: workerCount) { worker in
            let linter = Linter(rules: rules)
            linter.usesPrefilter = !options.noPrefilter
            var index = worker
            var local: [(Int, Result<FileResult, FileProblem>)] = []
            while index < paths.count {
                local.append((index, lintOne(paths[index], linter: linter, options: options)))
                index += workerCount
            }
            lock.lock()
            for (position, outcome) in local { outcomes[position] = outcome }
            lock.unlock()
        }
        var results: [FileResult] = []
        var problems: [FileProblem] = []
        for outcome in outcomes {
            switch outcome {
            case let .success(result)?: results.append(result)
            case let .failure(problem)?: problems.append(problem)
            case nil: break
            }
        }
        return LintReport(results: results, problems: problems)
    }

    static func lintOne(_ path: String, linter: Linter, options: Options) -> Result<FileResult, FileProblem> {
        let displayPath = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        switch FileReader.read(path, maxSize: options.maxFileSize) {
        case let .failure(problem):
            return .failure(FileProblem(path: displayPath, kind: problem.kind, reason: problem.reason))
        case let .success(bytes):
            let fileExtension = displayPath.split(separator: "/").last?.split(separator: ".").last.map(String.init) ?? ""
            // A file named explicitly with another extension is read as TSX, the most permissive grammar.
            let grammar = Grammar(fileExtension: fileExtension) ?? .tsx
            let file = SourceFile(path: displayPath, text: SourceText(bytes: bytes), grammar: grammar)
            return linter.lint(file)
        }
    }
}
