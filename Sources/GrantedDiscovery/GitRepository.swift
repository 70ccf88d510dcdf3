import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A git work tree found without running git: the nearest `.git` (a directory, or a file that
/// points elsewhere, as in worktrees and submodules) above a path, and the parts of git's
/// configuration that decide what is ignored.
public struct GitRepository: Sendable {
    /// The top of the work tree (absolute, symbolic links resolved).
    public let workTree: String
    /// The repository's own directory (`.git`, or where a `.git` file points).
    public let gitDirectory: String
    /// Where `info/exclude` and `config` live: the main repository's directory for a worktree.
    public let commonDirectory: String
    /// `core.ignoreCase`.
    public let ignoresCase: Bool
    /// `core.excludesFile`, or git's default location for it (which may not exist).
    public let excludesFile: String?

    /// The repository whose work tree holds `path` (absolute), or nil outside any.
    public static func containing(_ path: String) -> GitRepository? {
        var directory = path
        while true {
            if let repository = at(directory) { return repository }
            if directory == "/" || directory.isEmpty { return nil }
            directory = directoryOf(directory)
        }
    }

    /// The repository whose top is exactly `directory`, if it has a `.git`.
    public static func at(_ directory: String) -> GitRepository? {
        let dotGit = (directory == "/" ? "" : directory) + "/.git"
        var status = stat()
        guard lstat(dotGit, &status) == 0 else { return nil }
        let gitDirectory: String
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            gitDirectory = dotGit
        case S_IFREG:
            // `gitdir: <path>`, relative to the directory holding the file.
            guard let data = FileManager.default.contents(atPath: dotGit),
                  let line = String(data: data, encoding: .utf8)?.split(whereSeparator: \.isNewline).first,
                  line.hasPrefix("gitdir:") else { return nil }
            let target = line.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespaces)
            gitDirectory = target.hasPrefix("/") ? target : (directory == "/" ? "" : directory) + "/" + target
        default:
            return nil
        }
        var commonDirectory = gitDirectory
        if let data = FileManager.default.contents(atPath: gitDirectory + "/commondir"),
           let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty {
            commonDirectory = text.hasPrefix("/") ? text : gitDirectory + "/" + text
        }
        let settings = GitConfiguration.read(repositoryConfig: commonDirectory + "/config")
        return GitRepository(
            workTree: directory, gitDirectory: gitDirectory, commonDirectory: commonDirectory,
            ignoresCase: settings.ignoreCase, excludesFile: settings.excludesFile
        )
    }

    /// The ignore files that apply at the top of the work tree as if written there, lowest
    /// precedence first: the global excludes file, then `info/exclude`.
    public func topLevelIgnoreFiles() -> [IgnoreFile] {
        var files: [IgnoreFile] = []
        if let excludesFile, let contents = IgnoreFileReader.read(excludesFile) {
            files.append(IgnoreFile(path: excludesFile, base: [], contents: contents))
        }
        let exclude = commonDirectory + "/info/exclude"
        if let contents = IgnoreFileReader.read(exclude) {
            files.append(IgnoreFile(path: exclude, base: [], contents: contents))
        }
        return files
    }
}

/// The few git configuration values discovery needs, read from the same files git reads.
enum GitConfiguration {
    struct Settings {
        var ignoreCase = false
        var excludesFile: String?
    }

    static func read(repositoryConfig: String) -> Settings {
        let environment = ProcessInfo.processInfo.environment
        let home = environment["HOME"] ?? ""
        let xdg = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        var files: [String] = []
        if environment["GIT_CONFIG_NOSYSTEM"].map({ $0.isEmpty || $0 == "0" || $0 == "false" }) ?? true {
            files.append(environment["GIT_CONFIG_SYSTEM"] ?? "/etc/gitconfig")
        }
        if let global = environment["GIT_CONFIG_GLOBAL"] {
            files.append(global)
        } else {
            files.append(xdg + "/git/config")
            if !home.isEmpty { files.append(home + "/.gitconfig") }
        }
        files.append(repositoryConfig)
        var settings = Settings()
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            apply(String(decoding: data, as: UTF8.self), to: &settings, home: home)
        }
        if settings.excludesFile == nil { settings.excludesFile = xdg + "/git/ignore" }
        return settings
    }

    /// `[core]` `ignorecase` and `excludesfile`; section and key names are case-insensitive, values
    /// may be quoted, `~/` is the home directory. Includes are not followed.
    static func apply(_ text: String, to settings: inout Settings, home: String) {
        var inCore = false
        for rawLine in text.split(whereSeparator: \.isNewline) {
            var line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#") || line.hasPrefix(";") || line.isEmpty { continue }
            if line.hasPrefix("[") {
                let header = line.dropFirst().prefix { $0 != "]" && $0 != " " && $0 != "\"" }
                inCore = header.lowercased() == "core"
                guard let close = line.firstIndex(of: "]") else { continue }
                line = String(line[line.index(after: close)...]).trimmingCharacters(in: .whitespaces)
                if line.isEmpty { continue }
            }
            guard inCore else { continue }
            let parts = line.split(separator: "=", maxSplits: 1)
            let key = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
            var value = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "true"
            if let comment = value.firstIndex(where: { $0 == "#" || $0 == ";" }), !value.hasPrefix("\"") {
                value = String(value[..<comment]).trimmingCharacters(in: .whitespaces)
            }
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            switch key {
            case "ignorecase":
                settings.ignoreCase = ["true", "yes", "on", "1"].contains(value.lowercased())
            case "excludesfile":
                if value.hasPrefix("~/") { value = home + String(value.dropFirst()) }
                settings.excludesFile = value.isEmpty ? nil : value
            default:
                break
            }
        }
    }
}

/// Reads an ignore file as git does: regular files only (a symbolic link is not followed), and
/// nothing over 100 MiB.
enum IgnoreFileReader {
    static let maximumSize = 100 * 1024 * 1024

    static func read(_ path: String) -> [UInt8]? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) <= maximumSize else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { SystemCall.read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count <= 0 { break }
            filled += count
        }
        return Array(bytes[..<filled])
    }
}
