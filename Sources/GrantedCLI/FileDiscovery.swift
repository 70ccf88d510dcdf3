import Foundation
#if canImport(Glibc)
import Glibc
#endif
import GrantedEngine

/// Finds the files to lint under the paths given on the command line.
struct FileDiscovery {
    /// Directories never searched unless named explicitly: dependencies, VCS data, build output.
    static let skippedDirectories: Set<String> = [
        "node_modules", ".git", "Pods", "build", "dist", ".expo", "web-build", ".next", ".turbo",
        ".build", "DerivedData", "coverage",
    ]

    let excludes: [Glob]
    /// Whether a file found by walking a directory is wanted (extension and configuration excludes).
    let accepts: (String) throws -> Bool

    struct Found {
        var files: [String] = []
        /// Files named on the command line: always linted.
        var explicit: Set<String> = []
        var problems: [FileProblem] = []
    }

    func discover(_ paths: [String]) throws -> Found {
        var found = Found()
        var seen = Set<String>()
        let fileManager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                var status = stat()
                let failure = stat(path, &status) == 0 ? 0 : errno
                let reason: String
                if failure == ELOOP {
                    reason = "it is a symbolic link loop"
                } else if isDanglingLink(path) {
                    reason = "it is a symbolic link to nothing"
                } else {
                    reason = "no such file or directory"
                }
                found.problems.append(FileProblem(path: path, kind: .unreadable, reason: reason))
                continue
            }
            if !isDirectory.boolValue {
                // A file named explicitly is always linted, whatever its extension or the excludes.
                if seen.insert(normalise(path)).inserted {
                    found.files.append(path)
                    found.explicit.insert(path)
                }
                continue
            }
            for file in filesUnder(directory: path) where seen.insert(normalise(file)).inserted {
                if try accepts(file) { found.files.append(file) }
            }
        }
        return found
    }

    private func isDanglingLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }

    private func normalise(_ path: String) -> String { absolute(path) }

    /// `--exclude` globs are relative to the working directory, as in ESLint.
    private func wanted(_ relative: String, in directory: String) -> Bool {
        if relative.hasSuffix(".d.ts") { return false }
        if relative.contains("/") {
            let components = relative.split(separator: "/")
            if components.dropLast().contains(where: { FileDiscovery.skippedDirectories.contains(String($0)) }) { return false }
        }
        if excludes.isEmpty { return true }
        var shown = join(directory, relative)
        while shown.hasPrefix("./") { shown.removeFirst(2) }
        return !excludes.contains { $0.matches(shown) }
    }

    private func join(_ directory: String, _ relative: String) -> String {
        if directory == "." { return relative }
        return directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }

    /// Inside a git work tree, git's own list (tracked and untracked, .gitignore respected);
    /// elsewhere a plain walk.
    private func filesUnder(directory: String) -> [String] {
        if let listed = gitListedFiles(in: directory) {
            return listed.filter { wanted($0, in: directory) }.map { join(directory, $0) }.filter { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }.sorted()
        }
        // A plain POSIX walk: readdir's d_type tells files from directories without a stat per
        // entry, which FileManager's enumerator does not avoid. Links to directories are not followed.
        var files: [String] = []
        var pending = [""]
        while let relativeDirectory = pending.popLast() {
            let absoluteDirectory = relativeDirectory.isEmpty ? directory : join(directory, relativeDirectory)
            guard let handle = opendir(absoluteDirectory) else { continue }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let relative = relativeDirectory.isEmpty ? name : relativeDirectory + "/" + name
                var type = entry.pointee.d_type
                if type == UInt8(DT_UNKNOWN) {
                    var status = stat()
                    if lstat(join(directory, relative), &status) == 0 {
                        switch status.st_mode & S_IFMT {
                        case S_IFDIR: type = UInt8(DT_DIR)
                        case S_IFLNK: type = UInt8(DT_LNK)
                        default: type = UInt8(DT_REG)
                        }
                    }
                }
                if type == UInt8(DT_DIR) {
                    if !FileDiscovery.skippedDirectories.contains(name), wanted(relative + "/x", in: directory) {
                        pending.append(relative)
                    }
                } else if wanted(relative, in: directory) {
                    files.append(join(directory, relative))
                }
            }
        }
        return files.sorted()
    }

    private func gitListedFiles(in directory: String) -> [String]? {
        guard ProcessInfo.processInfo.environment["GRANTED_LINT_NO_GIT"] == nil else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory, "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "."]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
}
