import Foundation

/// The directory SARIF URIs are relative to: the git work tree's top, or the working directory
/// outside git.
public struct RepositoryRoot {
    public let path: String

    public init(path: String) { self.path = path }

    /// Found by walking up from the working directory to the nearest `.git` (a directory, or a
    /// file in worktrees and submodules), without running git.
    public static func find() -> RepositoryRoot {
        let workingDirectory = resolved(FileManager.default.currentDirectoryPath)
        return RepositoryRoot(path: GitRepository.containing(workingDirectory).map { resolved($0.workTree) } ?? workingDirectory)
    }

    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }

    /// `path` (relative to the working directory, or absolute) relative to the root, with forward
    /// slashes; paths outside the root stay absolute.
    public func relativePath(of path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let full = RepositoryRoot.resolved(absolute)
        let prefix = self.path == "/" ? "/" : self.path + "/"
        if full == self.path { return "" }
        if full.hasPrefix(prefix) { return String(full.dropFirst(prefix.count)) }
        return full
    }
}
