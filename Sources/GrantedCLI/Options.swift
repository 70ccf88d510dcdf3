import GrantedLinter
import GrantedWorkspace

/// Command-line options.
struct Options {
    enum Command: Equatable {
        case lint
        /// `granted-lint explain RULE-ID`
        case explain(String)
        /// `granted-lint rule-docs DIR`: writes the Markdown rules reference.
        case ruleDocs(String)
        /// `granted-lint inventory [paths]`: every place that reads, requests or decides on permission.
        case inventory
        /// `granted-lint flows [paths]`: what each device state lives through in each permission flow.
        case flows
        /// `granted-lint lsp [--log-file FILE]`: the language server, over stdio.
        case languageServer(logFile: String?)
    }

    enum OutputFormat: String, CaseIterable {
        case text, concise, json, sarif, github, gitlab, junit, checkstyle, markdown

        /// For people (a terminal): color, and the run's messages in the report itself.
        var isForPeople: Bool { self == .text || self == .concise }
    }

    typealias FixMode = LintSettings.FixMode

    var command: Command = .lint
    var paths: [String] = []
    var excludes: [String] = []
    var showHelp = false
    var showVersion = false
    var listRules = false
    var failOn: Severity = .warning
    var noPrefilter = false
    var parseOnly = false
    var parseTimeoutMilliseconds = 10_000
    var maxFileSize = 10 * 1024 * 1024
    var format: OutputFormat = .text
    var outputPath: String?
    var sarifOutputPath: String?
    var maxWarnings: Int?
    var configPath: String?
    var printConfigPath: String?
    var baselinePath: String?
    var writeBaselinePath: String?
    var changedSince: String?
    var staged = false
    /// `--stdin-filename PATH`: the source comes from standard input, linted as PATH.
    var stdinFilename: String?
    /// `--no-ignore`: read no ignore file (`.gitignore`, `.granted-lintignore`, …).
    var noIgnore = false
    /// `--list-files`: print the files that would be linted, and stop.
    var listFiles = false
    /// `--strict-syntax`: a file parsed with error recovery is a `syntax-error` finding.
    var strictSyntax = false
    var fixMode: FixMode = .none

    struct UsageError: Error { let message: String }

    static let flagsWithValues: Set<String> = [
        "--exclude", "--fail-on", "--max-file-size", "--format", "-f", "--output", "-o", "--sarif-output", "--stdin-filename",
        "--max-warnings", "--config", "-c", "--parse-timeout", "--print-config", "--baseline", "--write-baseline", "--changed-since",
    ]

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var index = 0
        var onlyPaths = false
        var fixFlags = Set<String>()
        var arguments = arguments
        if arguments.first == "inventory" {
            options.command = .inventory
            arguments.removeFirst()
        } else if arguments.first == "flows" {
            options.command = .flows
            arguments.removeFirst()
        }
        if arguments.first == "lsp" {
            var logFile: String?
            var rest = arguments.dropFirst()
            while let argument = rest.popFirst() {
                if argument == "--log-file", let path = rest.popFirst() {
                    logFile = path
                } else if argument.hasPrefix("--log-file=") {
                    logFile = String(argument.dropFirst("--log-file=".count))
                } else if argument == "--stdio" {
                    // What several clients pass by default; stdio is the only transport.
                    continue
                } else {
                    throw UsageError(message: "usage: granted-lint lsp [--log-file FILE] (unknown argument '\(argument)')")
                }
            }
            options.command = .languageServer(logFile: logFile)
            return options
        }
        if let first = arguments.first, first == "explain" || first == "rule-docs" {
            guard arguments.count == 2 else {
                throw UsageError(message: first == "explain" ? "usage: granted-lint explain RULE-ID" : "usage: granted-lint rule-docs DIRECTORY")
            }
            options.command = first == "explain" ? .explain(arguments[1]) : .ruleDocs(arguments[1])
            return options
        }
        while index < arguments.count {
            var argument = arguments[index]
            var inlineValue: String?
            if !onlyPaths, argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                inlineValue = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
                guard flagsWithValues.contains(argument) else {
                    throw UsageError(message: "\(argument) does not take a value")
                }
            }
            func take() throws -> String {
                if let inlineValue { return inlineValue }
                index += 1
                guard index < arguments.count else { throw UsageError(message: "\(argument) needs a value") }
                return arguments[index]
            }
            if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
                options.paths.append(argument)
                index += 1
                continue
            }
            switch argument {
            case "--": onlyPaths = true
            case "-h", "--help": options.showHelp = true
            case "-V", "--version": options.showVersion = true
            case "--list-rules": options.listRules = true
            case "--exclude": options.excludes.append(try take())
            case "--fail-on":
                let raw = try take()
                guard let severity = Severity(rawValue: raw) else {
                    throw UsageError(message: "--fail-on takes error, warning or note (got '\(raw)')")
                }
                options.failOn = severity
            case "--format", "-f":
                let raw = try take()
                let allowed: [OutputFormat] = options.command == .inventory || options.command == .flows ? [.text, .json, .markdown] : [.text, .concise, .json, .sarif, .github, .gitlab, .junit, .checkstyle, .markdown]
                guard let format = OutputFormat(rawValue: raw), allowed.contains(format) else {
                    throw UsageError(message: "--format takes \(allowed.map(\.rawValue).joined(separator: ", ")) (got '\(raw)')")
                }
                options.format = format
            case "--output", "-o": options.outputPath = try take()
            case "--sarif-output": options.sarifOutputPath = try take()
            case "--max-warnings":
                let raw = try take()
                guard let count = Int(raw), count >= 0 else {
                    throw UsageError(message: "--max-warnings takes a whole number of at least 0 (got '\(raw)')")
                }
                options.maxWarnings = count
            case "--no-prefilter": options.noPrefilter = true
            case "--parse-only": options.parseOnly = true
            case "--parse-timeout":
                let raw = try take()
                guard let milliseconds = Int(raw), milliseconds > 0 else {
                    throw UsageError(message: "--parse-timeout takes a number of milliseconds greater than 0 (got '\(raw)')")
                }
                options.parseTimeoutMilliseconds = milliseconds
            case "--max-file-size":
                let raw = try take()
                guard let bytes = parseSize(raw) else {
                    throw UsageError(message: "--max-file-size takes a size such as 500000, 512K or 10M (got '\(raw)')")
                }
                options.maxFileSize = bytes
            case "--config", "-c": options.configPath = try take()
            case "--print-config": options.printConfigPath = try take()
            case "--baseline": options.baselinePath = try take()
            case "--write-baseline": options.writeBaselinePath = try take()
            case "--changed-since": options.changedSince = try take()
            case "--staged": options.staged = true
            case "--stdin-filename": options.stdinFilename = try take()
            case "--no-ignore": options.noIgnore = true
            case "--list-files": options.listFiles = true
            case "--strict-syntax": options.strictSyntax = true
            case "--fix", "--fix-unsafe", "--fix-dry-run":
                fixFlags.insert(argument)
            default:
                throw UsageError(message: "unknown option '\(argument)'")
            }
            index += 1
        }
        let applicability: Fix.Applicability = fixFlags.contains("--fix-unsafe") ? .unsafe : .safe
        if fixFlags.contains("--fix-dry-run") {
            options.fixMode = .dryRun(applicability)
        } else if !fixFlags.isEmpty {
            options.fixMode = .apply(applicability)
        }
        if options.staged, options.changedSince != nil {
            throw UsageError(message: "--staged and --changed-since cannot be combined")
        }
        if options.staged, case .apply = options.fixMode {
            throw UsageError(message: "--fix cannot be combined with --staged (it would rewrite the working tree, not what is staged)")
        }
        if let name = options.stdinFilename {
            guard !name.isEmpty else { throw UsageError(message: "--stdin-filename needs a path") }
            // `-` (or nothing) names standard input; another path would be a second source.
            guard options.paths.allSatisfy({ $0 == "-" }) else {
                throw UsageError(message: "--stdin-filename reads standard input: give no other path (or `-`)")
            }
            guard !options.staged, options.changedSince == nil, options.writeBaselinePath == nil else {
                throw UsageError(message: "--stdin-filename cannot be combined with --staged, --changed-since or --write-baseline")
            }
            if options.command != .lint { throw UsageError(message: "--stdin-filename is for a lint run") }
            options.paths = [name]
        } else if options.paths.contains("-") {
            throw UsageError(message: "`-` reads standard input: name the file it stands for with --stdin-filename PATH")
        }
        if options.paths.isEmpty { options.paths = ["."] }
        return options
    }

    private static func parseSize(_ text: String) -> Int? {
        let units: [Character: Int] = ["K": 1024, "k": 1024, "M": 1024 * 1024, "m": 1024 * 1024]
        if let last = text.last, let unit = units[last], let number = Int(text.dropLast()), number > 0 {
            return number * unit
        }
        guard let number = Int(text), number > 0 else { return nil }
        return number
    }

    static let help = """
    Usage: granted-lint [options] [paths...]
           granted-lint explain RULE-ID
           granted-lint rule-docs DIRECTORY
           granted-lint inventory [--format text|json|markdown] [paths...]
           granted-lint flows [--format text|json|markdown] [paths...]   (what each device state lives through; docs/flows.md)
           granted-lint lsp [--log-file FILE]   (language server over stdio; see docs/language-server.md)

    Finds notification-permission code in Expo / React Native apps that drops provisionally
    authorized iOS devices, and related mistakes. Paths default to the current directory;
    directories are searched for .ts .mts .cts .tsx .js .jsx .mjs .cjs files, skipping what
    ignore files list below them. A file or directory named here is always linted.

    Output:
      -f, --format FORMAT    text (default: code frames, notes, help, fixes as diffs), concise
                             (one line a finding), json, sarif, github (Actions annotations),
                             gitlab (Code Quality), junit, checkstyle or markdown (step summary)
      -o, --output FILE      write the report to FILE (atomically) instead of standard output
      --sarif-output FILE    also write SARIF 2.1.0 to FILE, whatever --format is
      --fail-on LEVEL        lowest severity that fails the run: error, warning (default) or note
      --max-warnings N       fail when there are more than N warnings, even with --fail-on error

    Selection:
      --exclude GLOB         skip files matching GLOB (repeatable; `*`, `?`, `**`)
      --no-ignore            read no ignore file (.gitignore, .git/info/exclude, the global
                             excludes file, .granted-lintignore); --exclude still applies
      --list-files           print the files that would be linted, one per line, and exit
      --changed-since REF    lint only files changed since the git ref REF, plus staged and untracked files
      --staged               lint the staged content of staged files (what will be committed)
      --stdin-filename PATH  lint standard input as if it were PATH (its configuration, project and
                             ignore rules); with --fix / --fix-unsafe the fixed source goes to
                             standard output and the report to standard error (or --output)
      --max-file-size SIZE   skip larger files with a message (default 10M)
      --parse-timeout MS     give up parsing a file after MS milliseconds, with a message (default 10000)
      --strict-syntax        report a file the parser could read only with error recovery as a
                             syntax-error finding (by default: a notification that never fails)
      --no-prefilter         parse every file, even ones that cannot contain a finding
      --parse-only           parse every file and run no rules (the benchmarks' parse floor)

    Configuration:
      -c, --config FILE      use FILE instead of the nearest .granted-lint.json
      --print-config PATH    print the effective configuration for PATH and exit
      --baseline FILE        hide the findings recorded in FILE; only new ones are reported
      --write-baseline FILE  record the current findings in FILE

    Fixes:
      --fix                  apply safe fixes to the files
      --fix-unsafe           apply safe and unsafe fixes
      --fix-dry-run          print the fixes as a unified diff instead of writing (with
                             --fix-unsafe, unsafe ones too)

    Other:
      --list-rules           list the rules with their default severity and summary (with
                         --format json: for programs)
      -h, --help             show this help
      -V, --version          show the version

    Exit codes: 0 no findings at or above the failure level, 1 findings, 2 usage or configuration
    error, unreadable path, a named directory whose files are all excluded, or internal error.
    """
}
