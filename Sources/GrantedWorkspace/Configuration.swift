import GrantedDiscovery
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import GrantedSyntax
import GrantedLinter

/// The settings of one `.granted-lint.json`: severities per rule, excluded globs, extensions.
public struct Configuration: Sendable {
    public static let fileName = ".granted-lint.json"
    public static let allowedKeys = ["rules", "exclude", "extensions", "strictSyntax", "provisional", "$schema"]

    /// Where the evidence that the app requests provisional authorization comes from.
    public enum ProvisionalMode: String, CaseIterable, Sendable {
        /// From the project's own requests (the default).
        case auto
        /// The app requests it somewhere the linted project does not show (a native module,
        /// another package): every provisional-blind check is live.
        case requested
        /// The app never requests it: every provisional-blind check is latent.
        case never
    }

    /// The file it was read from; nil for the built-in defaults.
    public let path: String?
    /// Absolute directory that `exclude` globs are relative to.
    public let baseDirectory: String
    /// Severity per rule id; `nil` means the rule is off. Rules not named keep their default.
    public let severities: [String: Severity?]
    public let exclude: [Glob]
    /// Extensions (without the dot) to lint when walking directories; nil for the defaults.
    public let extensions: [String]?
    /// `"strictSyntax": true`: a file parsed with error recovery is a `syntax-error` finding, as
    /// with `--strict-syntax`.
    public let strictSyntax: Bool
    /// `"provisional": "auto" | "requested" | "never"`.
    public let provisional: ProvisionalMode

    public init(
        path: String?, baseDirectory: String, severities: [String: Severity?] = [:], exclude: [Glob] = [],
        extensions: [String]? = nil, strictSyntax: Bool = false, provisional: ProvisionalMode = .auto
    ) {
        self.strictSyntax = strictSyntax
        self.provisional = provisional
        self.path = path
        self.baseDirectory = baseDirectory
        self.severities = severities
        self.exclude = exclude
        self.extensions = extensions
    }

    /// The severity a rule runs at, or nil when it is off.
    /// Whether a file with this path is linted under this configuration: its extension is one of
    /// the configuration's and no `exclude` pattern (relative to the configuration file) matches.
    public func lints(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return false }
        let fileExtension = String(name[name.index(after: dot)...]).lowercased()
        guard (extensions ?? Grammar.defaultExtensions).contains(fileExtension) else { return false }
        if exclude.isEmpty { return true }
        let full = absolute(path)
        let base = baseDirectory == "/" ? "/" : baseDirectory + "/"
        let relative = full.hasPrefix(base) ? String(full.dropFirst(base.count)) : full
        return !exclude.contains { $0.matches(relative) }
    }

    public func severity(of ruleId: String, default defaultSeverity: Severity) -> Severity? {
        if let configured = severities[ruleId] { return configured }
        return defaultSeverity
    }

    public struct LoadError: Error, CustomStringConvertible {
        public let path: String
        public let line: Int?
        public let message: String

        public var description: String { "\(path)\(line.map { ":\($0)" } ?? ""): \(message)" }

        public init(path: String, line: Int?, message: String) {
            self.path = path
            self.line = line
            self.message = message
        }
    }

    /// Reads and validates a configuration file. Unknown keys, unknown rule ids, wrong types and
    /// invalid JSON are errors naming the file, the key and the line.
    public static func load(path: String, knownRuleIds: Set<String>) throws -> Configuration {
        let bytes: [UInt8]
        do {
            bytes = try readAll(path)
        } catch let error as LoadError {
            throw error
        }
        let root: JSONNode
        do {
            root = try JSONNode.parse(bytes)
        } catch let error as JSONNode.ParseError {
            throw LoadError(path: path, line: error.line, message: "invalid JSON: \(error.message)")
        }
        guard case let .object(members, _) = root else {
            throw LoadError(path: path, line: root.line, message: "the configuration must be a JSON object, not \(root.typeName)")
        }
        var severities: [String: Severity?] = [:]
        var exclude: [Glob] = []
        var extensions: [String]?
        var strictSyntax = false
        var provisional = ProvisionalMode.auto
        var seenKeys = Set<String>()
        for member in members {
            guard seenKeys.insert(member.key).inserted else {
                throw LoadError(path: path, line: member.keyLine, message: "the key \"\(member.key)\" appears twice")
            }
            switch member.key {
            case "rules":
                guard case let .object(rules, _) = member.value else {
                    throw LoadError(path: path, line: member.value.line, message: "\"rules\" must be an object mapping rule ids to \"off\", \"note\", \"warning\" or \"error\", not \(member.value.typeName)")
                }
                for rule in rules {
                    guard knownRuleIds.contains(rule.key) else {
                        let known = knownRuleIds.sorted().joined(separator: ", ")
                        throw LoadError(path: path, line: rule.keyLine, message: "unknown rule id \"\(rule.key)\" in \"rules\" (known: \(known))")
                    }
                    guard case let .string(level, _) = rule.value, level == "off" || Severity(rawValue: level) != nil else {
                        throw LoadError(path: path, line: rule.value.line, message: "\"rules\".\"\(rule.key)\" must be \"off\", \"note\", \"warning\" or \"error\"")
                    }
                    severities[rule.key] = level == "off" ? .some(nil) : Severity(rawValue: level)
                }
            case "exclude":
                exclude = try strings(member.value, key: "exclude", path: path).map(Glob.init)
            case "extensions":
                let values = try strings(member.value, key: "extensions", path: path).map { value -> String in
                    value.hasPrefix(".") ? String(value.dropFirst()) : value
                }
                if let empty = values.firstIndex(where: { $0.isEmpty || $0.contains("/") }) {
                    throw LoadError(path: path, line: member.value.line, message: "\"extensions\" item \(empty + 1) is not a file extension")
                }
                extensions = values.map { $0.lowercased() }
            case "strictSyntax":
                guard case let .bool(value, _) = member.value else {
                    throw LoadError(path: path, line: member.value.line, message: "\"strictSyntax\" must be true or false, not \(member.value.typeName)")
                }
                strictSyntax = value
            case "provisional":
                guard case let .string(value, _) = member.value, let mode = ProvisionalMode(rawValue: value) else {
                    throw LoadError(path: path, line: member.value.line, message: "\"provisional\" must be one of \(ProvisionalMode.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
                }
                provisional = mode
            case "$schema":
                continue
            default:
                throw LoadError(path: path, line: member.keyLine, message: "unknown key \"\(member.key)\" (allowed: \(allowedKeys.joined(separator: ", ")))")
            }
        }
        return Configuration(
            path: path, baseDirectory: directoryOf(absolute(path)), severities: severities, exclude: exclude,
            extensions: extensions, strictSyntax: strictSyntax, provisional: provisional
        )
    }

    private static func strings(_ node: JSONNode, key: String, path: String) throws -> [String] {
        guard case let .array(items, _) = node else {
            throw LoadError(path: path, line: node.line, message: "\"\(key)\" must be an array of strings, not \(node.typeName)")
        }
        return try items.map { item in
            guard case let .string(value, _) = item else {
                throw LoadError(path: path, line: item.line, message: "\"\(key)\" must contain only strings, found \(item.typeName)")
            }
            return value
        }
    }

    static func readAll(_ path: String) throws -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            throw LoadError(path: path, line: nil, message: "cannot read the configuration: \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count > 0 { bytes.append(contentsOf: buffer[0..<count]) }
            if count < buffer.count {
                if ferror(file) != 0 {
                    throw LoadError(path: path, line: nil, message: "cannot read the configuration: \(String(cString: strerror(errno)))")
                }
                break
            }
            if bytes.count > 4 * 1024 * 1024 {
                throw LoadError(path: path, line: nil, message: "the configuration is larger than 4 MB")
            }
        }
        return bytes
    }
}



/// Finds each file's configuration: the nearest `.granted-lint.json` walking up from the file's
/// directory, unless one file was given with `--config`. Caches per directory.
public final class ConfigurationResolver: @unchecked Sendable {
    public let knownRuleIds: Set<String>
    private let override: Configuration?
    private var byDirectory: [String: Configuration] = [:]
    private let defaults: Configuration

    public init(knownRuleIds: Set<String>, overridePath: String?) throws {
        self.knownRuleIds = knownRuleIds
        self.override = try overridePath.map { try Configuration.load(path: $0, knownRuleIds: knownRuleIds) }
        self.defaults = Configuration(path: nil, baseDirectory: absolute("."))
    }

    /// Guards the caches: discovery asks from several threads. It is held only to read or store an
    /// answer, never across a file system call: while it was held across the `access` calls, and
    /// the walk's threads asked for every directory they listed, waiting for it was half of all the
    /// waiting in a two-core run (three real apps; `perf record -e sched:sched_switch`). The walk
    /// now asks only where a directory's listing shows a configuration file.
    private let lock = BriefLock()

    public func configuration(forFile path: String) throws -> Configuration {
        if let override { return override }
        // Files of one directory share a configuration: look the directory up as written first, so a
        // walk over thousands of files does not normalise every path.
        let written = directoryOf(path)
        if let cached = cached(at: written, asWritten: true) { return cached }
        let result = try configuration(forDirectory: directoryOf(absolute(path)))
        return store(result, at: written, asWritten: true)
    }

    private var byWrittenDirectory: [String: Configuration] = [:]

    public func configuration(forDirectory directory: String) throws -> Configuration {
        if let override { return override }
        if let cached = cached(at: directory, asWritten: false) { return cached }
        let candidate = (directory == "/" ? "" : directory) + "/" + Configuration.fileName
        let result: Configuration
        if access(candidate, F_OK) == 0 {
            result = try Configuration.load(path: candidate, knownRuleIds: knownRuleIds)
        } else if directory == "/" {
            result = defaults
        } else {
            result = try configuration(forDirectory: directoryOf(directory))
        }
        return store(result, at: directory, asWritten: false)
    }

    /// The answer kept for a directory (as written in a file's path, or absolute).
    private func cached(at directory: String, asWritten: Bool) -> Configuration? {
        lock.lock()
        defer { lock.unlock() }
        return asWritten ? byWrittenDirectory[directory] : byDirectory[directory]
    }

    /// Two threads may answer for the same directory at once (with the same answer): the first
    /// answer stored is the one every caller gets.
    private func store(_ answer: Configuration, at directory: String, asWritten: Bool) -> Configuration {
        lock.lock()
        defer { lock.unlock() }
        if let first = asWritten ? byWrittenDirectory[directory] : byDirectory[directory] { return first }
        if asWritten { byWrittenDirectory[directory] = answer } else { byDirectory[directory] = answer }
        return answer
    }
}
