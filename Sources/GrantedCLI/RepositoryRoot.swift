import Foundation

/// The directory SARIF URIs are relative to: the git work tree's top, or the working directory
/// outside git.
struct RepositoryRoot {
    let path: String

    static func find() -> RepositoryRoot {
        let workingDirectory = FileManager.default.currentDirectoryPath
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "rev-parse", "--show-toplevel"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        if (try? process.run()) != nil {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            if process.terminationStatus == 0 {
                let top = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                if !top.isEmpty { return RepositoryRoot(path: resolved(top)) }
            }
        }
        return RepositoryRoot(path: resolved(workingDirectory))
    }

    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }

    /// `path` (relative to the working directory, or absolute) relative to the root, with forward
    /// slashes; paths outside the root stay absolute.
    func relativePath(of path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let full = RepositoryRoot.resolved(absolute)
        let prefix = path == "/" ? "/" : self.path + "/"
        if full.hasPrefix(prefix) { return String(full.dropFirst(prefix.count)) }
        return full
    }
}
