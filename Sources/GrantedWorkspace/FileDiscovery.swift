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

/// Finds the files to lint under the paths given on the command line. A path named there is always
/// linted: a file whatever its extension or the ignore rules, a directory whatever ignores it
/// (what is found below it is filtered).
public struct FileDiscovery {
    public var walker: FileWalker

    public init(walker: FileWalker) { self.walker = walker }

    /// Discovery as a run's settings ask for it: extensions per directory from the nearest
    /// configuration, `excludes` globs (relative to the working directory) and the configuration's
    /// `exclude` (relative to its file), ignore files unless told not to.
    public init(resolver: ConfigurationResolver, excludes: [String], respectsIgnoreFiles: Bool) {
        let globs = excludes.map(Glob.init)
        // The configuration applies to the directories below its own until one has its own file:
        // the walk asks only where the listing shows one.
        let selection = FileSelection(rulesFileName: Configuration.fileName) { directory in
            let configuration = try resolver.configuration(forDirectory: directory)
            let extensions = Set((configuration.extensions ?? Grammar.defaultExtensions).map { $0.lowercased() })
            guard !globs.isEmpty || !configuration.exclude.isEmpty else { return .init(extensions: extensions, context: configuration) }
            let base = configuration.baseDirectory == "/" ? "/" : configuration.baseDirectory + "/"
            let exclusion: (String, String) throws -> String? = { shown, absolutePath in
                var path = shown
                while path.hasPrefix("./") { path.removeFirst(2) }
                if let glob = globs.first(where: { $0.matches(path) }) { return "by --exclude `\(glob.pattern)`" }
                let relative = absolutePath.hasPrefix(base) ? String(absolutePath.dropFirst(base.count)) : absolutePath
                if let glob = configuration.exclude.first(where: { $0.matches(relative) }) {
                    return "by `\(glob.pattern)` in the exclude of \(displayPath(configuration.path ?? Configuration.fileName))"
                }
                return nil
            }
            return .init(extensions: extensions, exclusion: exclusion, context: configuration)
        }
        var walker = FileWalker(selection: selection)
        walker.respectsIgnoreFiles = respectsIgnoreFiles
        self.init(walker: walker)
    }

    public struct Found {
        public var files: [String] = []
        /// Files named on the command line: always linted.
        public var explicit: Set<String> = []
        /// With the walker's `onFound`, for one named directory: the number each file was handed
        /// over with (`FileWalker.Result.handedNumbers`).
        public var handedNumbers: [Int] = []
        public var problems: [FileProblem] = []
        /// Named directories whose every lintable file was excluded, with the reasons.
        public var emptyDirectories: [EmptyDirectory] = []
    }

    /// A named directory that gave nothing to lint.
    public struct EmptyDirectory {
        public let path: String
        /// Reason → number of lintable files it kept out (empty when there were none at all).
        public let exclusions: [String: Int]

        /// "all 14 files under generated/ are excluded: 12 ignored by generated/.gitignore:1 (`*`), 2 by --exclude `**/x.ts`"
        public var explanation: String {
            let total = exclusions.values.reduce(0, +)
            let shown = path.hasSuffix("/") ? path : path + "/"
            guard total > 0 else { return "no files to lint under \(shown) (no \(Grammar.defaultExtensions.map { "." + $0 }.joined(separator: " ")) files)" }
            let reasons = exclusions.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { reason, count in
                exclusions.count == 1 ? reason : "\(count) \(reason)"
            }
            let all = total == 1 ? "the only file" : "all \(total) files"
            return "\(all) under \(shown) \(total == 1 ? "is" : "are") excluded: \(reasons.joined(separator: "; "))"
        }
    }

    public func discover(_ paths: [String]) throws -> Found {
        var found = Found()
        var seen = Set<String>()
        for path in paths {
            var status = stat()
            guard stat(path, &status) == 0 else {
                let failure = errno
                let reason: String
                if failure == ELOOP {
                    reason = "it is a symbolic link loop"
                } else if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil {
                    reason = "it is a symbolic link to nothing"
                } else if failure == EACCES {
                    reason = "permission denied"
                } else {
                    reason = "no such file or directory"
                }
                found.problems.append(FileProblem(path: path, kind: .unreadable, reason: reason))
                continue
            }
            if status.st_mode & S_IFMT != S_IFDIR {
                // A file named explicitly is always linted, whatever its extension or the excludes.
                if seen.insert(absolute(path)).inserted {
                    found.files.append(path)
                    found.explicit.insert(path)
                }
                continue
            }
            let walk = try walker.walk(path)
            let walked = walk.files
            if paths.count == 1 { found.handedNumbers = walk.handedNumbers }
            for file in walked where paths.count == 1 || seen.insert(file.absolutePath).inserted {
                found.files.append(file.path)
            }
            if walked.isEmpty {
                found.emptyDirectories.append(EmptyDirectory(path: path, exclusions: try walker.explainExclusions(below: path)))
            }
        }
        return found
    }
}

