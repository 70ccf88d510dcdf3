import GrantedEngine

/// Command-line options.
struct Options {
    var paths: [String] = []
    var excludes: [String] = []
    var showHelp = false
    var showVersion = false
    var listRules = false
    var failOn: Severity = .warning
    var noPrefilter = false
    var maxFileSize = 10 * 1024 * 1024
    var format: OutputFormat = .text
    var outputPath: String?
    var sarifOutputPath: String?
    var maxWarnings: Int?

    enum OutputFormat: String, CaseIterable {
        case text, json, sarif, github
    }

    struct UsageError: Error { let message: String }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var index = 0
        var onlyPaths = false
        func value(for flag: String) throws -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(message: "\(flag) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            var argument = arguments[index]
            var inlineValue: String?
            if !onlyPaths, argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                inlineValue = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            func take(_ flag: String) throws -> String {
                if let inlineValue { return inlineValue }
                return try value(for: flag)
            }
            if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
                options.paths.append(argument)
                index += 1
                continue
            }
            switch argument {
            case "--":
                onlyPaths = true
            case "-h", "--help":
                options.showHelp = true
            case "-V", "--version":
                options.showVersion = true
            case "--list-rules":
                options.listRules = true
            case "--exclude":
                options.excludes.append(try take(argument))
            case "--fail-on":
                let raw = try take(argument)
                guard let severity = Severity(rawValue: raw) else {
                    throw UsageError(message: "--fail-on takes error, warning or note (got '\(raw)')")
                }
                options.failOn = severity
            case "--format", "-f":
                let raw = try take(argument)
                guard let format = OutputFormat(rawValue: raw) else {
                    throw UsageError(message: "--format takes text, json, sarif or github (got '\(raw)')")
                }
                options.format = format
            case "--output", "-o":
                options.outputPath = try take(argument)
            case "--sarif-output":
                options.sarifOutputPath = try take(argument)
            case "--max-warnings":
                let raw = try take(argument)
                guard let count = Int(raw), count >= 0 else {
                    throw UsageError(message: "--max-warnings takes a whole number of at least 0 (got '\(raw)')")
                }
                options.maxWarnings = count
            case "--no-prefilter":
                options.noPrefilter = true
            case "--max-file-size":
                let raw = try take(argument)
                guard let bytes = parseSize(raw) else {
                    throw UsageError(message: "--max-file-size takes a size such as 500000, 512K or 10M (got '\(raw)')")
                }
                options.maxFileSize = bytes
            default:
                throw UsageError(message: "unknown option '\(argument)'")
            }
            if inlineValue != nil, !Options.flagsWithValues.contains(argument) {
                throw UsageError(message: "\(argument) does not take a value")
            }
            index += 1
        }
        if options.paths.isEmpty { options.paths = ["."] }
        return options
    }

    static let flagsWithValues: Set<String> = [
        "--exclude", "--fail-on", "--max-file-size", "--format", "--output", "--sarif-output", "--max-warnings",
    ]

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

    Finds notification-permission code in Expo / React Native apps that drops provisionally
    authorized iOS devices, and related mistakes. Paths default to the current directory;
    directories are searched for .ts .mts .cts .tsx .js .jsx .mjs .cjs files.

    Options:
      -f, --format FORMAT    text (default), json, sarif or github (Actions annotations)
      -o, --output FILE      write the report to FILE (atomically) instead of standard output
      --sarif-output FILE    also write SARIF 2.1.0 to FILE, whatever --format is
      --exclude GLOB         skip files matching GLOB (repeatable; `*`, `?`, `**`)
      --fail-on LEVEL        lowest severity that fails the run: error, warning (default) or note
      --max-warnings N       fail when there are more than N warnings, even with --fail-on error
      --max-file-size SIZE   skip larger files with a message (default 10M)
      --list-rules           list the rules with their default severity and summary
      --no-prefilter         parse every file, even ones that cannot contain a finding
      -h, --help             show this help
      -V, --version          show the version

    Exit codes: 0 no findings at or above the failure level, 1 findings, 2 usage error,
    unreadable path or internal error.
    """
}
