import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the walker asks about the files it finds (the CLI answers from the configuration and its
/// flags), once per directory. Called from several threads at once.
public struct FileSelection: Sendable {
    /// What applies to the files of one directory.
    public struct DirectoryRules {
        /// The extensions (lower case, without the dot) linted there; nil for every file, whatever
        /// its name (`.d.ts` declaration files are skipped otherwise).
        public var extensions: Set<String>?
        /// Why a file is excluded by a glob (`--exclude`, the configuration's `exclude`), or nil;
        /// given the path as shown and the absolute path. Nil when no glob applies there.
        public var exclusion: ((_ shown: String, _ absolute: String) throws -> String?)?
        /// What the selection wants handed back with the directory's files (`FileWalker.onFound`):
        /// the workspace's configuration, which it would otherwise look up again for every file.
        public var context: (any Sendable)?

        public init(extensions: Set<String>?, exclusion: ((String, String) throws -> String?)? = nil, context: (any Sendable)? = nil) {
            self.extensions = extensions
            self.exclusion = exclusion
            self.context = context
        }
    }

    /// The rules for a directory (absolute path).
    public var rules: @Sendable (_ directory: String) throws -> DirectoryRules
    /// The name of the one file whose presence can give a directory rules of its own (the
    /// configuration file), or nil when any directory may differ from its parent. With a name, a
    /// directory below the named one that has no such entry takes its parent's rules and `rules`
    /// is not asked: the walk already holds its listing, and asking cost an `access` call and two
    /// locks for each of the three real apps' 3,240 directories (futex waits included).
    public var rulesFileName: String?

    public init(rulesFileName: String? = nil, rules: @escaping @Sendable (String) throws -> DirectoryRules) {
        self.rulesFileName = rulesFileName
        self.rules = rules
    }
}

/// A file found by the walk.
public struct WalkedFile: Sendable, Hashable {
    /// The path as shown to the user: the named directory joined with the path below it.
    public let path: String
    /// The absolute directory, ending in `/`: one string for all the files of a directory (a run
    /// over 100,000 files kept 100,000 absolute paths it hardly ever reads).
    let absoluteDirectory: String

    init(path: String, absoluteDirectory: String) {
        self.path = path
        self.absoluteDirectory = absoluteDirectory
    }

    /// Absolute and normalised (symbolic links in the named directory are not resolved).
    public var absolutePath: String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return absoluteDirectory + path }
        return absoluteDirectory + path[path.utf8.index(after: slash)...]
    }
}

/// Finds the files below a directory that the user named, in parallel, reading ignore files on the
/// way the way git does (no git process): `.gitignore` at every level inside a work tree,
/// `.git/info/exclude`, the global excludes file, and `.granted-lintignore` everywhere. The named
/// directory itself is never filtered; what is found below it is, by rules relative to their own
/// files, including the files of directories above it.
public struct FileWalker: Sendable {
    /// Directories never entered unless named: dependencies, VCS data, build output.
    public static let skippedDirectoryNames: Set<String> = [
        "node_modules", ".git", "Pods", "build", "dist", ".expo", "web-build", ".next", ".turbo",
        ".build", "DerivedData", "coverage",
    ]
    public static let ignoreFileName = ".granted-lintignore"

    public var selection: FileSelection
    /// `--no-ignore`: no ignore file is read.
    public var respectsIgnoreFiles = true
    public var skippedDirectoryNames = FileWalker.skippedDirectoryNames
    public var threads = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// Called with the files of one directory, in batches, on the walk's threads as soon as they
    /// are found (with the directory's `context`), so that work on them starts before the walk
    /// ends and shares its threads: nothing waits for the slowest directory. The result still
    /// lists every file, sorted. Not called when explaining exclusions.
    /// Each file handed over has a number, counting from 0 in the order they were handed
    /// (`firstNumber` is the batch's first); `Result.handedNumbers` says which file had which.
    public var onFound: (@Sendable (_ files: ArraySlice<WalkedFile>, _ firstNumber: Int, _ context: (any Sendable)?) -> Void)?
    /// Called on a walk thread that has nothing to take while others are still busy, before it
    /// waits; true when it did some work of the consumer's own (the thread then looks again),
    /// false when there was none. The consumer's work put off until the walk is over (files
    /// that would have waited for another thread's result) fills that time instead.
    public var onIdle: (@Sendable () -> Bool)?
    /// Says, by its name, whether a directory's files (and those below it) are handed over before
    /// any others: the consumer's longest work, started first, does not leave one thread busy
    /// alone at the end of the walk.
    public var prefersDirectory: (@Sendable (_ name: String) -> Bool)?
    /// Files per `onFound` call: small enough that a large directory's files spread over the
    /// threads, large enough that taking work off the queue costs little.
    public static let batchSize = 16

    public init(selection: FileSelection) {
        self.selection = selection
    }

    public struct Result: Sendable {
        /// Sorted by path.
        public var files: [WalkedFile] = []
        /// With `onFound`: the number each of `files` was handed over with (a consumer that kept
        /// its results by number puts them in path order without looking paths up).
        public var handedNumbers: [Int] = []
        /// Only when explaining: for each reason, how many lintable files it keeps out.
        public var exclusions: [String: Int] = [:]
    }

    /// The files below `directory` (as written by the user).
    public func walk(_ directory: String) throws -> Result {
        try run(directory, explaining: false)
    }


    /// Walks again, this time through every excluded directory, and counts why each file that
    /// could have been linted was not: the explanation for a run that found nothing to check.
    public func explainExclusions(below directory: String) throws -> [String: Int] {
        try run(directory, explaining: true).exclusions
    }

    /// "generated/.gitignore:1 (`*`)": the ignore file relative to the working directory when it
    /// lies below it.
    static func describe(_ reason: IgnoreReason) -> String {
        let cwd = absolute(".")
        let file = reason.file.hasPrefix(cwd + "/") ? String(reason.file.dropFirst(cwd.count + 1)) : reason.file
        return "\(file):\(reason.line) (`\(reason.pattern)`)"
    }

    // MARK: - The walk

    /// A directory waiting to be listed.
    private struct Pending {
        let absolute: String
        let shown: String
        /// Its path relative to the top of its repository (or of the file system outside git),
        /// ending in `/` (empty at the top).
        let relative: [UInt8]
        /// The rules in force in its parent.
        let level: IgnoreLevel?
        let repository: GitRepository?
        /// When explaining: the reason everything below is excluded.
        let excludedBy: String?
        /// The named directory itself: never a nested repository boundary of its own context.
        let isRoot: Bool
        /// The parent's rules, which this directory has too unless it holds the selection's
        /// `rulesFileName` (nil for the named directory).
        var inherited: FileSelection.DirectoryRules?
        /// Its files are handed over before others (`prefersDirectory`, here or above it).
        var isPreferred = false
    }

    /// What the walk's threads take off the queue.
    private enum Work {
        case list(Pending)
        case hand(ArraySlice<WalkedFile>, firstNumber: Int, context: (any Sendable)?)
    }

    /// The work not yet taken, in the order it is taken: the files of preferred directories as
    /// soon as they are found, then every directory to list, then the other files in the order
    /// their directories were listed (the named directory's own first).
    private struct WorkQueue {
        private var preferred: [Work] = []
        private var preferredNext = 0
        private var lists: [Work] = []
        private var files: [Work] = []
        private var filesNext = 0

        var isEmpty: Bool { preferredNext == preferred.count && lists.isEmpty && filesNext == files.count }

        mutating func add(_ work: Work, preferred isPreferred: Bool = false) {
            switch work {
            case .list: lists.append(work)
            case .hand: if isPreferred { preferred.append(work) } else { files.append(work) }
            }
        }

        mutating func take() -> Work? {
            if preferredNext < preferred.count {
                defer { preferredNext += 1 }
                return preferred[preferredNext]
            }
            if let list = lists.popLast() { return list }
            guard filesNext < files.count else { return nil }
            let next = files[filesNext]
            filesNext += 1
            // Taken batches hold their directory's listing: let them go now and then.
            if filesNext >= 1024, filesNext * 2 >= files.count {
                files.removeFirst(filesNext)
                filesNext = 0
            }
            return next
        }
    }

    private final class Shared: @unchecked Sendable {
        let condition = BriefCondition()
        var pending = WorkQueue()
        var busy = 0
        var failure: Error?
        /// Files handed over so far.
        var handed = 0
        /// Each thread's files, sorted by path.
        var sortedRuns: [[(file: WalkedFile, number: Int)]] = []
        var exclusions: [String: Int] = [:]
    }

    private func run(_ directory: String, explaining: Bool) throws -> Result {
        let absoluteRoot = absolute(directory)
        let resolvedRoot = resolvedPath(absoluteRoot)
        let root = try rootPending(shown: directory, absolute: absoluteRoot, resolved: resolvedRoot, explaining: explaining)
        let shared = Shared()
        shared.pending.add(.list(root))
        let workers = max(1, threads)
        let onFound = explaining ? nil : self.onFound
        let onIdle = explaining ? nil : self.onIdle
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var files: [(file: WalkedFile, number: Int)] = []
            var exclusions: [String: Int] = [:]
            var children: [Pending] = []
            var listed: [WalkedFile] = []
            // What the last piece of work found, published when the thread next takes the lock to
            // take more: one critical section per piece of work, not two (the three real apps'
            // 3,240 directories and 530 batches made 10,000 lock operations, 350 of them waiting).
            var finished = false
            /// The number the files in `listed` were handed over from, once published.
            var listedFrom: Int?
            var preferred = false
            var context: (any Sendable)?
            while true {
                shared.condition.lock()
                if finished {
                    let firstNumber = shared.handed
                    shared.handed += listed.count
                    // Directories are listed before files are handed over, and files go in the order
                    // their directories were listed, so the named directory's own come first: they
                    // hold an app's entry points (`App.tsx`, `Navigation.tsx`), whose imports reach
                    // most of the app; taken last, one of them kept one core busy for 20 ms at the end
                    // of the walk while the other waited. The files of preferred directories (a
                    // project's notification code, whose import closures are the run's longest
                    // analyses) go before all others, as soon as they are found: io-app's, found late
                    // in a depth-first walk, kept one core busy alone for 30–40 ms at its end.
                    for child in children { shared.pending.add(.list(child)) }
                    if onFound != nil {
                        var start = 0
                        while start < listed.count {
                            let end = min(start + FileWalker.batchSize, listed.count)
                            shared.pending.add(.hand(listed[start..<end], firstNumber: firstNumber + start, context: context), preferred: preferred)
                            start = end
                        }
                    }
                    shared.busy -= 1
                    shared.condition.broadcast()
                    finished = false
                    listedFrom = firstNumber
                }
                while shared.pending.isEmpty, shared.busy > 0, shared.failure == nil {
                    if let onIdle {
                        shared.condition.unlock()
                        let worked = onIdle()
                        shared.condition.lock()
                        if worked { continue }
                        // Others may have finished meanwhile: look again before waiting.
                        guard shared.pending.isEmpty, shared.busy > 0, shared.failure == nil else { continue }
                    }
                    shared.condition.wait()
                }
                let next = shared.failure == nil ? shared.pending.take() : nil
                if next == nil { shared.condition.broadcast() } else { shared.busy += 1 }
                shared.condition.unlock()
                if let first = listedFrom {
                    for (offset, file) in listed.enumerated() { files.append((file, first + offset)) }
                    listedFrom = nil
                }
                guard let next else { break }
                children.removeAll(keepingCapacity: true)
                // A fresh array per directory: batches share its storage, and appending to an
                // array that a batch still shares would copy it whole.
                listed = []
                context = nil
                preferred = false
                switch next {
                case let .hand(batch, firstNumber, handedContext):
                    onFound?(batch, firstNumber, handedContext)
                case let .list(directory):
                    preferred = directory.isPreferred
                    do {
                        context = try list(directory, explaining: explaining, files: &listed, exclusions: &exclusions, children: &children)
                    } catch {
                        shared.condition.lock()
                        if shared.failure == nil { shared.failure = error }
                        shared.condition.unlock()
                    }
                }
                finished = true
            }
            // Each thread sorts its own files as it finishes (the first to finish while the
            // other still works); only the merge of the sorted runs is left to one thread. (One
            // sort of every file after the walk took 4 ms of the three real apps' two-core run,
            // with the other core idle.)
            files.sort { FileWalker.pathPrecedes($0.file.path, $1.file.path) }
            shared.condition.lock()
            shared.sortedRuns.append(files)
            for (reason, count) in exclusions { shared.exclusions[reason, default: 0] += count }
            shared.condition.unlock()
        }
        if let failure = shared.failure { throw failure }
        let files = FileWalker.merge(shared.sortedRuns)
        var result = Result(files: files.map(\.file), exclusions: shared.exclusions)
        if onFound != nil { result.handedNumbers = files.map(\.number) }
        return result
    }

    /// Whether path `a` sorts before `b`: by their UTF-8 bytes, compared with `memcmp`. That is
    /// String's own order for ASCII paths, and the order of code points for any other, at about
    /// half the instructions of `<` (sorting the three real apps' files took 18 M of them).
    static func pathPrecedes(_ a: String, _ b: String) -> Bool {
        let order = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right -> Bool in
                let common = min(left.count, right.count)
                let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
                return order != 0 ? order < 0 : left.count < right.count
            }
        }
        return (order ?? nil) ?? (a < b)
    }

    /// One list sorted by path from lists that each are (paths are unique across them).
    static func merge(_ runs: [[(file: WalkedFile, number: Int)]]) -> [(file: WalkedFile, number: Int)] {
        var runs = runs.filter { !$0.isEmpty }
        while runs.count > 1 {
            var merged: [[(file: WalkedFile, number: Int)]] = []
            var index = 0
            while index + 1 < runs.count {
                merged.append(mergeTwo(runs[index], runs[index + 1]))
                index += 2
            }
            if index < runs.count { merged.append(runs[index]) }
            runs = merged
        }
        return runs.first ?? []
    }

    private static func mergeTwo(_ left: [(file: WalkedFile, number: Int)], _ right: [(file: WalkedFile, number: Int)]) -> [(file: WalkedFile, number: Int)] {
        var merged: [(file: WalkedFile, number: Int)] = []
        merged.reserveCapacity(left.count + right.count)
        var l = 0
        var r = 0
        while l < left.count, r < right.count {
            if pathPrecedes(right[r].file.path, left[l].file.path) {
                merged.append(right[r])
                r += 1
            } else {
                merged.append(left[l])
                l += 1
            }
        }
        merged.append(contentsOf: left[l...])
        merged.append(contentsOf: right[r...])
        return merged
    }

    /// The named directory, with the rules of every directory above it in its repository.
    private func rootPending(shown: String, absolute: String, resolved: String, explaining: Bool) throws -> Pending {
        guard respectsIgnoreFiles else {
            return Pending(absolute: absolute, shown: shown, relative: [], level: nil, repository: nil, excludedBy: nil, isRoot: true)
        }
        let repository = GitRepository.containing(resolved)
        let top = repository?.workTree ?? "/"
        var level: IgnoreLevel? = repository.map { IgnoreLevel(parent: nil, files: $0.topLevelIgnoreFiles(), foldCase: $0.ignoresCase) }
        let foldCase = repository?.ignoresCase ?? false
        // The directories from the top down to the named one's parent: their ignore files apply
        // below the named directory too, relative to where they are.
        var relative: [UInt8] = []
        if resolved != top {
            let below = resolved.dropFirst(top == "/" ? 1 : top.count + 1)
            var directory = top
            for component in below.split(separator: "/") {
                let files = ignoreFiles(in: directory, relative: relative, inRepository: repository != nil)
                if !files.isEmpty { level = IgnoreLevel(parent: level, files: files, foldCase: foldCase) }
                directory = directory == "/" ? "/" + component : directory + "/" + component
                relative += Array(component.utf8) + [UInt8(ascii: "/")]
            }
        }
        return Pending(absolute: absolute, shown: shown, relative: relative, level: level, repository: repository, excludedBy: nil, isRoot: true)
    }

    /// The ignore files of one directory, lowest precedence first.
    private func ignoreFiles(in directory: String, relative: [UInt8], inRepository: Bool, names: Set<String>? = nil) -> [IgnoreFile] {
        var files: [IgnoreFile] = []
        let prefix = directory == "/" ? "" : directory
        for name in inRepository ? [".gitignore", FileWalker.ignoreFileName] : [FileWalker.ignoreFileName] {
            if let names, !names.contains(name) { continue }
            let path = prefix + "/" + name
            if let contents = IgnoreFileReader.read(path) {
                files.append(IgnoreFile(path: path, base: relative, contents: contents))
            }
        }
        return files
    }

    /// Lists one directory: its lintable files into `files`, its subdirectories into `children`;
    /// returns the selection's context for it.
    private func list(
        _ directory: Pending, explaining: Bool,
        files: inout [WalkedFile], exclusions: inout [String: Int], children: inout [Pending]
    ) throws -> (any Sendable)? {
        guard let handle = opendir(directory.absolute) else { return nil }
        var entries: [(name: [UInt8], type: UInt8)] = []
        while let entry = readdir(handle) {
            let name = DirectoryEntry.name(entry)
            if name == [46] || name == [46, 46] { continue }
            entries.append((name, DirectoryEntry.type(entry)))
        }
        closedir(handle)

        // This directory's own rules, and a nested repository's fresh start.
        var level = directory.level
        var relative = directory.relative
        var repository = directory.repository
        if respectsIgnoreFiles {
            let names = Set(entries.lazy.filter { $0.name.first == 46 }.map { String(decoding: $0.name, as: UTF8.self) })
            if !directory.isRoot, names.contains(".git"), let nested = GitRepository.at(resolvedPath(directory.absolute)) {
                repository = nested
                relative = []
                level = IgnoreLevel(parent: nil, files: nested.topLevelIgnoreFiles(), foldCase: nested.ignoresCase)
            }
            if !names.isEmpty {
                let own = ignoreFiles(in: directory.absolute, relative: relative, inRepository: repository != nil, names: names)
                if !own.isEmpty { level = IgnoreLevel(parent: level, files: own, foldCase: repository?.ignoresCase ?? false) }
            }
        }
        let rules: FileSelection.DirectoryRules
        if let inherited = directory.inherited, let own = selection.rulesFileName,
           !entries.contains(where: { $0.name.elementsEqual(own.utf8) }) {
            rules = inherited
        } else {
            rules = try selection.rules(directory.absolute)
        }
        let extensions = rules.extensions
        let absolutePrefix = directory.absolute == "/" ? "/" : directory.absolute + "/"
        let shownPrefix = directory.shown == "." || directory.shown == "./" ? "" : (directory.shown.hasSuffix("/") ? directory.shown : directory.shown + "/")
        let matchable = level.map { !$0.isEmpty } ?? false

        for (name, rawType) in entries {
            if name == [46, 103, 105, 116] { continue } // ".git"
            var type = rawType
            if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) {
                var status = stat()
                let path = absolutePrefix + String(decoding: name, as: UTF8.self)
                if type == UInt8(DT_UNKNOWN), lstat(path, &status) == 0 {
                    switch status.st_mode & S_IFMT {
                    case S_IFDIR: type = UInt8(DT_DIR)
                    case S_IFLNK: type = UInt8(DT_LNK)
                    default: type = UInt8(DT_REG)
                    }
                }
                // Links to directories are not followed; a link to a file is linted as a file.
                if type == UInt8(DT_LNK), stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { continue }
            }
            let nameString = String(decoding: name, as: UTF8.self)
            // The repository-relative path, only where ignore rules need it.
            let path = matchable || type == UInt8(DT_DIR) ? relative + name : []
            if type == UInt8(DT_DIR) {
                var excludedBy = directory.excludedBy
                if excludedBy == nil, skippedDirectoryNames.contains(nameString) {
                    guard explaining else { continue }
                    excludedBy = "skipped by default (\(nameString))"
                }
                if excludedBy == nil, matchable, let reason = level?.ignoredBy(path[...], isDirectory: true) {
                    guard explaining else { continue }
                    excludedBy = "ignored by \(FileWalker.describe(reason))"
                }
                var child = Pending(
                    absolute: absolutePrefix + nameString, shown: shownPrefix + nameString, relative: path + [UInt8(ascii: "/")],
                    level: level, repository: repository, excludedBy: excludedBy, isRoot: false
                )
                child.isPreferred = directory.isPreferred || (prefersDirectory?(nameString) ?? false)
                child.inherited = rules
                children.append(child)
                continue
            }
            if let extensions {
                guard let dot = name.lastIndex(of: 46), dot > 0 else { continue }
                let fileExtension = String(decoding: name[(dot + 1)...], as: UTF8.self).lowercased()
                guard extensions.contains(fileExtension), !nameString.hasSuffix(".d.ts") else { continue }
            }
            if let excludedBy = directory.excludedBy {
                exclusions[excludedBy, default: 0] += 1
                continue
            }
            if matchable, let reason = level?.ignoredBy(path[...], isDirectory: false) {
                if explaining { exclusions["ignored by \(FileWalker.describe(reason))", default: 0] += 1 }
                continue
            }
            let shown = shownPrefix + nameString
            if let exclusion = rules.exclusion, let reason = try exclusion(shown, absolutePrefix + nameString) {
                if explaining { exclusions[reason, default: 0] += 1 }
                continue
            }
            files.append(WalkedFile(path: shown, absoluteDirectory: absolutePrefix))
        }
        return rules.context
    }
}

/// The path with symbolic links resolved (itself when it cannot be resolved).
func resolvedPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
}
