import GrantedDiscovery
import Foundation
import GrantedSyntax
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What another file of the project exports, as far as permissions go. Values carry no syntax
/// nodes, so an index can be shared by all workers.
public indirect enum ExportedValue: Equatable, Sendable {
    /// A function whose result is permission data (instantiated at each call site).
    case function(returns: ExportedResult)
    /// An object literal whose members are permission functions or references.
    case object([String: ExportedValue])
    /// A whole module (a namespace import of a project file).
    case module([String: ExportedValue])
    /// A re-exported API: expo-notifications itself or one of its functions, another library's value.
    case reference(ExportedReference)
}

public enum ExportedReference: Equatable, Sendable {
    case expoModule
    case expoExport(String)
    case library(NotificationLibrary, LibraryValue)

    var symbolic: SymbolicValue {
        switch self {
        case .expoModule: return .expoModule
        case let .expoExport(name): return .expoExport(name)
        case let .library(library, value): return .libraryValue(library, value)
        }
    }
}

/// The kinds of permission data an exported function can return.
public indirect enum ExportedResult: Equatable, Sendable {
    case permissionResponse
    case rootStatus
    case iosStatus
    case authorizationStatus(NotificationLibrary)
    case notifeeSettings
    /// An object built from permission data (`return { status, canAsk }`), by member.
    case object([String: ExportedResult])
    /// An application store's state (`useContext(PushContext)`), by its key (`StoreCells.swift`).
    case store(String)
    /// expo-notifications itself: a loader (`return require('expo-notifications')`, `import(…)`, a
    /// module cached in a variable), whose callers use the module it gives.
    case expoModule

    /// The value at a call site, with the call as its origin.
    func instantiated(origin: Range<Int>) -> SymbolicValue {
        switch self {
        case .permissionResponse: return .permissionResponse(origin: origin)
        case .rootStatus: return .rootStatus(origin: origin)
        case .iosStatus: return .iosStatus(origin: origin)
        case let .authorizationStatus(library): return .authorizationStatus(library, origin: origin)
        case .notifeeSettings: return .notifeeSettings(origin: origin)
        case let .object(members): return .resultObject(members, origin: origin)
        case let .store(key): return .storeState(key, origin: origin)
        case .expoModule: return .expoModule
        }
    }
}

extension ExportedValue {
    /// The symbolic value an import of this export starts as.
    var symbolic: SymbolicValue {
        if case let .reference(reference) = self { return reference.symbolic }
        return .external(self)
    }

    /// Whether an importer gets expo-notifications from this export: the module, one of its
    /// functions, or a loader that returns the module, itself or as a member of an object.
    var handsOnExpoNotifications: Bool {
        switch self {
        case .reference(.expoModule), .reference(.expoExport), .function(returns: .expoModule): return true
        case let .object(members), let .module(members): return members.values.contains { $0.handsOnExpoNotifications }
        default: return false
        }
    }
}

/// The project-level index: which exported functions of the project's own files return a
/// permission response, a root status or another library's authorization status, resolved through
/// relative imports and `index` re-exports. Built lazily, file by file, and shared by all workers.
public final class ProjectIndex: @unchecked Sendable {
    public static let sourceExtensions = ["ts", "tsx", "js", "jsx", "mjs", "cjs", "mts", "cts"]

    /// What all views of one index share.
    private final class Storage: @unchecked Sendable {
        /// Guards every table below, and wakes the threads waiting for a summary when one is done.
        /// One lock, not one for the summaries and one for who computes them: a summary looked up
        /// took five lock operations with two, three with one, and the two threads of a run met
        /// in them (three real apps: 21,000 lock operations, 500 of them waiting in the kernel).
        let lock = BriefCondition()
        /// Summaries are computed on every thread at once, each file's by one thread: `owners`
        /// says which thread computes a file's summary now, `waitingFor` which file a thread
        /// waits for (two threads linting files of one app reach the same import closure, often at
        /// the same time: the second waits for the files the first is working through instead of
        /// computing them again, and computes the others).
        var owners: [String: ObjectIdentifier] = [:]
        var waitingFor: [ObjectIdentifier: String] = [:]
        /// Threads that must not wait for another's summaries (`withoutWaiting`), and those of
        /// them that would have, with the file they would have waited for: their work since rests
        /// on missing summaries.
        var impatient: Set<ObjectIdentifier> = []
        var abandoned: [ObjectIdentifier: String] = [:]
        var summaries: [String: [String: ExportedValue]] = [:]
        /// File → the project files whose summaries its analysis used (for invalidation), unless
        /// not recorded (`recordsDependencies`: two hashed paths and a lock for every import).
        var dependencies: [String: Set<String>] = [:]
        var recordsDependencies = true
        /// Counts invalidations: a summary computed while one happened may have read the old text,
        /// so it is used once but not kept.
        var generation = 0
        /// Counts every change that may alter what a file's analysis reads from the index: an
        /// invalidation or a new store table. `ownChanges` counts, per file, the invalidations of
        /// that file alone (its own edits, which no summary it reads depended on).
        var changes = 0
        var ownChanges: [String: Int] = [:]
        /// A module path (without extension) → the file it names, nil when none; forgotten when a
        /// file changes (it may have been created or removed).
        var resolutions: [String: String?] = [:]
        /// An importing file's directory → specifier → the file it names; forgotten with
        /// `resolutions`.
        var specifierResolutions: [String: [String: String?]] = [:]
        /// A directory → its entries (name → whether a regular file, nil for a link or an unknown
        /// type, which `stat` decides), listed once: resolving one module tries up to 17 names, and
        /// the modules of a project share few directories. Forgotten with `resolutions`.
        var listings: [String: [String: Bool?]] = [:]
        /// File → the store writes it makes (`SemanticModel.storeWrites`).
        var storeWrites: [String: [(key: String, value: StoreCellValue)]] = [:]
        /// Key → what every write of it stores (nil: writes disagree or store something else);
        /// recomputed when the writes change.
        var storeCells: [String: StoreCellValue?]?
        /// The roots of the fields that hold a permission value, with `storeCells`.
        var storeRootNames: [String]?
        /// Once frozen, writes are no longer recorded (a run's second step reads a settled table).
        var storesFrozen = false
        let readFile: (String) -> [UInt8]?

        init(readFile: @escaping (String) -> [UInt8]?) { self.readFile = readFile }
    }

    private let storage: Storage
    /// Files whose summaries are being computed on the way to this view, outermost first (import
    /// cycles and long import chains stop here instead of recursing without end). A list, not a
    /// set: it holds at most 16 paths, and a set of them was hashed again for every file of an
    /// import closure.
    private let visiting: [String]

    private var lock: BriefCondition { storage.lock }
    private var readFile: (String) -> [UInt8]? { storage.readFile }
    /// How the index reads a project file (an editor's buffer before the disk): the device-state
    /// evaluation reads other files the same way.
    public var fileReader: (String) -> [UInt8]? { storage.readFile }

    /// - Parameters:
    ///   - readFile: reads a file of the project (nil when it cannot be read).
    ///   - recordsDependencies: whether to remember which files each summary read, for
    ///     `invalidate`; a run over files that do not change (the command line) does without.
    public init(readFile: @escaping (String) -> [UInt8]? = ProjectIndex.readSourceFile, recordsDependencies: Bool = true) {
        storage = Storage(readFile: readFile)
        storage.recordsDependencies = recordsDependencies
        visiting = []
    }

    private init(storage: Storage, visiting: [String]) {
        self.storage = storage
        self.visiting = visiting
    }

    /// Exported names (of files summarised so far) that carry permission data: a file that mentions
    /// none of them, nor a notification module, cannot receive such data from the project.
    // MARK: Stores

    /// Records what a file writes into application stores, replacing what it wrote before.
    public func recordStoreWrites(_ writes: [(key: String, value: StoreCellValue)], file: String) {
        lock.lock()
        defer { lock.unlock() }
        guard !storage.storesFrozen else { return }
        let existing = storage.storeWrites[file]
        if writes.isEmpty && existing == nil { return }
        if let existing, existing.map(\.key) == writes.map(\.key), existing.map(\.value) == writes.map(\.value) { return }
        storage.storeWrites[file] = writes.isEmpty ? nil : writes
        storage.storeCells = nil
        storage.storeRootNames = nil
        storage.changes += 1
    }

    /// Parses a file and records its store writes (for a caller that lints files without a
    /// `Linter`, which records them as it goes: a test's small project).
    public func recordStoreWrites(ofFile path: String) {
        let full = absolute(path)
        guard let bytes = readFile(full), bytes.count <= 4 * 1024 * 1024 else { return }
        let fileExtension = full.split(separator: ".").last.map(String.init) ?? ""
        let parser = SyntaxParser(grammar: Grammar(fileExtension: fileExtension) ?? .tsx)
        parser.timeoutMicroseconds = 5_000_000
        guard let tree = parser.parse(SourceText(bytes: bytes)) else { return }
        let model = SemanticModel(tree: tree, path: full, project: ProjectIndex(storage: storage, visiting: visiting))
        guard model.mayHavePermissionCode else { return }
        recordStoreWrites(model.storeWrites(), file: full)
    }

    /// Stops recording store writes: what readers see no longer changes.
    public func freezeStores() {
        lock.lock()
        storage.storesFrozen = true
        lock.unlock()
    }

    private func cells() -> [String: StoreCellValue?] {
        if let cells = storage.storeCells { return cells }
        let cells = StoreCellValue.cells(from: Array(storage.storeWrites.values))
        storage.storeCells = cells
        return cells
    }

    /// Whether some store field holds a permission value (only then are reads of stores followed).
    public var hasStores: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !rootNames().isEmpty
    }

    /// What a store field holds when every write of it stores the same kind of permission value.
    public func storeCell(_ key: String) -> StoreCellValue? {
        lock.lock()
        defer { lock.unlock() }
        return cells()[key] ?? nil
    }

    /// Whether some file of the project writes the store field.
    public func isKnownStoreKey(_ key: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return cells()[key] != nil
    }

    /// Whether a store (a zustand hook) has fields written anywhere.
    public func isStore(_ prefix: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return cells().keys.contains { $0.hasPrefix(prefix + ".") }
    }

    /// The names a file must mention to read a store field that holds a permission value (the
    /// observable, the store hook, the atom, the slice): the prefilter's needles for readers.
    public var storeRootNames: [String] {
        lock.lock()
        defer { lock.unlock() }
        return rootNames()
    }

    private func rootNames() -> [String] {
        if let names = storage.storeRootNames { return names }
        var names = Set<String>()
        for (key, value) in cells() where value != nil {
            guard let colon = key.firstIndex(of: ":") else { continue }
            let rest = key[key.index(after: colon)...]
            names.insert(String(rest.prefix { $0 != "." }))
        }
        let sorted = names.sorted()
        storage.storeRootNames = sorted
        return sorted
    }

    public var exportedNames: [String] {
        lock.lock()
        defer { lock.unlock() }
        // An importer names what it imports; members of an exported object are reached through the
        // object's name, and a default export through the module's path (its file name), so neither
        // member names (often common words) nor "default" are needed here.
        var names = Set<String>()
        for (path, summary) in storage.summaries {
            for name in summary.keys where name != "default" { names.insert(name) }
            if summary["default"] != nil, let file = path.split(separator: "/").last {
                var base = String(file)
                if let dot = base.firstIndex(of: ".") { base = String(base[..<dot]) }
                names.insert(base == "index" ? String(path.split(separator: "/").dropLast().last ?? "") : base)
            }
        }
        names.remove("")
        return names.sorted()
    }

    /// What `withoutWaiting` made, or the file whose summary it would have waited for.
    public enum Unwaited<T> {
        case finished(T)
        case wouldWait(forSummaryOf: String)
    }

    /// Runs `body` without ever waiting for summaries another thread is computing. When it would
    /// have waited, its summaries were missing, so what it made is thrown away (and nothing it
    /// computed since is kept in the index): the caller does the work again later — once
    /// `isBeingSummarised` no longer holds for the file named, it will not wait for that one.
    /// A run's first step lints this way, and puts such a file off instead of idling.
    public func withoutWaiting<T>(_ body: () -> T) -> Unwaited<T> {
        let thread = ObjectIdentifier(Thread.current)
        lock.lock()
        storage.impatient.insert(thread)
        lock.unlock()
        let result = body()
        lock.lock()
        storage.impatient.remove(thread)
        let blocker = storage.abandoned.removeValue(forKey: thread)
        lock.unlock()
        if let blocker { return .wouldWait(forSummaryOf: blocker) }
        return .finished(result)
    }

    /// Whether a thread is computing the summary of `path` (as `Unwaited.wouldWait` names it).
    public func isBeingSummarised(_ path: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return storage.owners[path] != nil
    }

    /// A project file that `file` (whose text is `bytes`) imports and whose summary another
    /// thread is computing now, if any: a lint of it that must not wait would stop there, after
    /// parsing and analysing most of the file for nothing. (A thread working through an import
    /// closure owns every file on its way down, so the file a lint would wait for is nearly
    /// always one it imports itself.) Costs a lock when no other thread computes a summary.
    public func importBeingSummarisedElsewhere(by file: String, bytes: [UInt8]) -> String? {
        let thread = ObjectIdentifier(Thread.current)
        lock.lock()
        let busyElsewhere = storage.owners.values.contains { $0 != thread }
        lock.unlock()
        guard busyElsewhere else { return nil }
        let importer = absolute(file)
        for module in ProjectIndex.relativeSpecifiers(in: bytes) {
            guard let target = resolve(module, from: importer) else { continue }
            lock.lock()
            let owner = storage.owners[target]
            lock.unlock()
            if let owner, owner != thread { return target }
        }
        return nil
    }

    /// Summarises a file up front (the first pass over files that mention a notification module).
    public func summarise(file path: String) {
        _ = summary(of: absolute(path), visiting: visiting)
    }

    /// The same from the tree the file's lint has just parsed, so that a file that is both linted
    /// and summarised is parsed once: on three real apps the summaries' parses of files being
    /// linted were a tenth of a run's instructions. The tree is used only when it is of the text
    /// and grammar the summary would have parsed; the summary is computed only if no thread has.
    public func summarise(file path: String, parsed tree: SyntaxTree) {
        _ = summary(of: absolute(path), visiting: visiting, parsed: tree)
    }

    /// The permission exports of a relative module imported from `file`; nil for packages and
    /// modules that export nothing of interest.
    public func exports(ofModule module: String, importedFrom file: String) -> [String: ExportedValue]? {
        guard module.hasPrefix("./") || module.hasPrefix("../") || module == "." || module == ".." else { return nil }
        let importer = absolute(file)
        guard let target = resolve(module, from: importer) else { return nil }
        recordDependency(of: importer, on: target)
        let summary = summary(of: target, visiting: visiting)
        return summary.isEmpty ? nil : summary
    }

    /// The project file a relative module imported from `file` names.
    public func file(ofModule module: String, importedFrom file: String) -> String? {
        guard module.hasPrefix("./") || module.hasPrefix("../") || module == "." || module == ".." else { return nil }
        return resolve(module, from: absolute(file))
    }

    /// Module names and APIs whose presence makes a file worth parsing for its exports.
    static let permissionNeedles = NeedleSet(moduleNames + permissionAPINames)

    /// The notification modules the analysis follows.
    public static let moduleNames = [
        SemanticModel.expoNotificationsModule, NotificationLibrary.firebaseMessaging.rawValue, NotificationLibrary.notifee.rawValue,
    ]

    /// The permission APIs a project wrapper can be built on.
    public static let permissionAPINames = [
        "getPermissionsAsync", "requestPermissionsAsync", "usePermissions", "hasPermission", "requestPermission",
        "getNotificationSettings",
    ]

    /// Relative module specifiers in `from '…'`, `require('…')` and `import('…')`, found by text.
    public static func relativeSpecifiers(in bytes: [UInt8]) -> [String] {
        bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return [] }
            let count = bytes.count
            var result: [String] = []
            // A quote followed by `./` or `../` opens a candidate specifier: jump from dot to dot
            // (`memchr`) rather than looking at every byte — this runs over every file whose
            // imports the index follows.
            var searchFrom = 1
            while searchFrom + 1 < count,
                  let found = memchr(base + searchFrom, Int32(UInt8(ascii: ".")), count - 1 - searchFrom) {
                let dot = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let index = dot - 1
                let quote = bytes[index]
                guard quote == 0x27 || quote == 0x22 || quote == 0x60,
                      bytes[dot + 1] == UInt8(ascii: "/") || bytes[dot + 1] == UInt8(ascii: ".") else {
                    searchFrom = dot + 1
                    continue
                }
                var end = index + 1
                while end < count, bytes[end] != quote, bytes[end] != 0x0A, end - index < 512 { end += 1 }
                guard end < count, bytes[end] == quote else {
                    searchFrom = dot + 1
                    continue
                }
                // Only when a `from`, `require(` or `import(` comes just before it.
                var before = index
                while before > 0, bytes[before - 1] == 0x20 || bytes[before - 1] == 0x09 || bytes[before - 1] == UInt8(ascii: "(") { before -= 1 }
                func endsWith(_ word: StaticString) -> Bool {
                    let length = word.utf8CodeUnitCount
                    guard before >= length else { return false }
                    return word.withUTF8Buffer { word in (0..<length).allSatisfy { bytes[before - length + $0] == word[$0] } }
                }
                if endsWith("from") || endsWith("require") || endsWith("import") {
                    result.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self))
                }
                searchFrom = end + 2
            }
            return result
        }
    }

    /// The project file a relative specifier names from `file` (extensions and `index` files tried
    /// as bundlers do); nil for a package or nothing on disk. The device-state evaluation resolves
    /// its imports here too.
    public func resolvedFile(_ specifier: String, from file: String) -> String? {
        guard specifier.hasPrefix("./") || specifier.hasPrefix("../") || specifier == "." || specifier == ".." else { return nil }
        return resolve(specifier, from: absolute(file))
    }

    func resolve(_ module: String, from file: String) -> String? {
        // The files of a directory import the same modules: their answers are kept by directory
        // and specifier, before any path arithmetic.
        let directory = directoryOf(file)
        lock.lock()
        let answered = storage.specifierResolutions[directory]?[module]
        lock.unlock()
        if let answered { return answered }
        let base = absolute(directory + "/" + module)
        // Many files import the same modules: each answer costs up to 17 `stat` calls. One already
        // known is kept for this directory's specifier under the same lock.
        lock.lock()
        if let known = storage.resolutions[base] {
            storage.specifierResolutions[directory, default: [:]][module] = .some(known)
            lock.unlock()
            return known
        }
        lock.unlock()
        let resolved = resolveOnDisk(base)
        lock.lock()
        storage.resolutions[base] = .some(resolved)
        storage.specifierResolutions[directory, default: [:]][module] = .some(resolved)
        lock.unlock()
        return resolved
    }

    /// A project file's text, read with POSIX calls (up to the size a summary reads).
    public static func readSourceFile(_ path: String) -> [UInt8]? {
        if case let .success(bytes) = FileReader.read(path, maxSize: 4 * 1024 * 1024) { return bytes }
        return nil
    }

    /// The file a module path names: itself when it has a source extension, then with each
    /// extension, then its `index` file. Looked up in directory listings rather than by `stat`.
    private func resolveOnDisk(_ base: String) -> String? {
        let parent = directoryOf(base)
        let name = base.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(base[base.utf8.index(after: $0)...]) } ?? base
        // Each directory's listing is looked up once here, not once per name tried.
        guard let entries = listing(of: parent) else { return nil }
        if let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), ProjectIndex.sourceExtensions.contains(String(name[name.utf8.index(after: dot)...])),
           isRegularFile(name, in: parent, entries: entries) {
            return (parent == "/" ? "" : parent) + "/" + name
        }
        for sourceExtension in ProjectIndex.sourceExtensions {
            let candidate = name + "." + sourceExtension
            if isRegularFile(candidate, in: parent, entries: entries) { return (parent == "/" ? "" : parent) + "/" + candidate }
        }
        guard let entry = entries[name], entry != true, let inside = listing(of: base) else { return nil }
        for sourceExtension in ProjectIndex.sourceExtensions {
            let candidate = "index." + sourceExtension
            if isRegularFile(candidate, in: base, entries: inside) { return base + "/" + candidate }
        }
        return nil
    }

    private func isRegularFile(_ name: String, in directory: String, entries: [String: Bool?]) -> Bool {
        #if canImport(Darwin)
        // macOS volumes usually ignore case: `./button` names `Button.tsx` there, as `stat` finds.
        let entry = entries[name] ?? (entries.keys.contains { $0.lowercased() == name.lowercased() } ? .some(nil) : nil)
        #else
        let entry = entries[name]
        #endif
        guard let entry else { return false }
        if let regular = entry { return regular }
        var status = stat()
        return stat((directory == "/" ? "" : directory) + "/" + name, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// The entries of a directory (nil when it cannot be listed), from the run's cache.
    private func listing(of directory: String) -> [String: Bool?]? {
        lock.lock()
        let known = storage.listings[directory]
        lock.unlock()
        if let known { return known }
        guard let handle = opendir(directory) else { return nil }
        var entries: [String: Bool?] = [:]
        while let entry = readdir(handle) {
            let name = String(decoding: DirectoryEntry.name(entry), as: UTF8.self)
            switch Int32(DirectoryEntry.type(entry)) {
            case Int32(DT_REG): entries[name] = .some(true)
            case Int32(DT_DIR): entries[name] = .some(false)
            default: entries[name] = .some(nil)
            }
        }
        closedir(handle)
        lock.lock()
        storage.listings[directory] = entries
        lock.unlock()
        return entries
    }

    private func recordDependency(of importer: String, on target: String) {
        guard storage.recordsDependencies else { return }
        lock.lock()
        storage.dependencies[importer, default: []].insert(target)
        lock.unlock()
    }

    /// Forgets what the index knows of a file that changed (its text in an editor, or on disk) and
    /// of every file whose summary used it; returns the file and every known file whose analysis
    /// depended on it, directly or through others (the files to lint again).
    @discardableResult
    public func invalidate(file path: String) -> Set<String> {
        let changed = absolute(path)
        lock.lock()
        defer { lock.unlock() }
        storage.resolutions = [:]
        storage.specifierResolutions = [:]
        storage.listings = [:]
        var affected: Set<String> = [changed]
        var queue = [changed]
        while let next = queue.popLast() {
            for (importer, targets) in storage.dependencies where targets.contains(next) && !affected.contains(importer) {
                affected.insert(importer)
                queue.append(importer)
            }
        }
        // A file whose summaries read a file that depends on it (an import cycle) reads its own
        // text back through them: that change is not its own alone.
        let readsItselfBack = !(storage.dependencies[changed] ?? []).isDisjoint(with: affected)
        for file in affected {
            storage.summaries[file] = nil
            storage.dependencies[file] = nil
        }
        storage.generation += 1
        storage.changes += 1
        if !readsItselfBack { storage.ownChanges[changed, default: 0] += 1 }
        return affected
    }

    /// A number that changes whenever what `path`'s analysis reads from the index may have changed
    /// (a summary it may read, the store table), but not when only `path` itself was invalidated:
    /// an editor's buffer keeps its last lint's findings for an edit that cannot change them only
    /// while this number stays.
    public func revision(excludingChangesTo path: String) -> Int {
        let full = absolute(path)
        lock.lock()
        defer { lock.unlock() }
        return storage.changes - storage.ownChanges[full, default: 0]
    }

    private func summary(of path: String, visiting: [String], parsed: SyntaxTree? = nil) -> [String: ExportedValue] {
        lock.lock()
        if let cached = storage.summaries[path] {
            lock.unlock()
            return cached
        }
        // Only on a miss (most lookups hit): at most 16 paths, compared while the lock is held.
        guard !visiting.contains(path), visiting.count < 16 else {
            lock.unlock()
            return [:]
        }
        let thread = ObjectIdentifier(Thread.current)
        // Another thread computes this file's summary: wait for it, unless this thread must not
        // wait, or waiting would close a ring of threads each waiting for the next (an import
        // cycle entered from two places at once) — then compute it here, and use it only here.
        var shared = true
        while let owner = storage.owners[path], owner != thread {
            if storage.impatient.contains(thread) {
                if storage.abandoned[thread] == nil { storage.abandoned[thread] = path }
                lock.unlock()
                return [:]
            }
            var next: ObjectIdentifier? = owner
            var ring = false
            for _ in 0..<64 {
                guard let waiter = next, let wanted = storage.waitingFor[waiter] else { break }
                next = storage.owners[wanted]
                if next == thread { ring = true; break }
            }
            if ring {
                shared = false
                break
            }
            storage.waitingFor[thread] = path
            lock.wait()
            storage.waitingFor[thread] = nil
        }
        let cached = storage.summaries[path]
        if storage.abandoned[thread] != nil || cached != nil {
            lock.unlock()
            return cached ?? [:]
        }
        let generation = storage.generation
        if shared { storage.owners[path] = thread }
        lock.unlock()
        let computed = computeSummary(of: path, visiting: visiting + [path], parsed: parsed)
        guard shared else { return computed }
        lock.lock()
        // In place: writing through an accessor that hands out a copy copied the whole dictionary
        // for every file (quadratic on large projects).
        if storage.generation == generation, storage.abandoned[thread] == nil { storage.summaries[path] = computed }
        storage.owners[path] = nil
        if !storage.waitingFor.isEmpty { lock.broadcast() }
        lock.unlock()
        return computed
    }

    private func computeSummary(of path: String, visiting: [String], parsed: SyntaxTree? = nil) -> [String: ExportedValue] {
        let fileExtension = path.split(separator: ".").last.map(String.init) ?? ""
        let grammar = Grammar(fileExtension: fileExtension) ?? .tsx
        let given = parsed.flatMap { $0.grammar == grammar ? $0 : nil }
        guard let bytes = given?.source.bytes ?? readFile(path), bytes.count <= 4 * 1024 * 1024, !bytes.contains(0) else { return [:] }
        let text = given?.source ?? SourceText(bytes: bytes)
        // Most files have nothing to do with permissions: without a notification module or API in
        // the text, a file can only pass such data on from a project file it imports — so look at
        // those (cheaply, by text) before paying for a parse.
        let mentionsPermissions = ProjectIndex.permissionNeedles.matchesAny(text)
        if !mentionsPermissions {
            let imported = ProjectIndex.relativeSpecifiers(in: bytes)
            let passesSomethingOn = imported.contains { module in
                guard let target = resolve(module, from: path) else { return false }
                recordDependency(of: path, on: target)
                return !summary(of: target, visiting: visiting).isEmpty
            }
            guard passesSomethingOn else { return [:] }
        }
        if let given { return exports(of: given, path: path, visiting: visiting) }
        let parser = SyntaxParser(grammar: grammar)
        parser.timeoutMicroseconds = 5_000_000
        guard let tree = parser.parse(text) else { return [:] }
        return exports(of: tree, path: path, visiting: visiting)
    }

    /// A parsed file's permission exports, its re-exports followed.
    private func exports(of tree: SyntaxTree, path: String, visiting: [String]) -> [String: ExportedValue] {
        let model = SemanticModel(tree: tree, path: path, project: ProjectIndex(storage: storage, visiting: visiting))
        var exports = model.exportSummary()
        for reexport in model.reexports() {
            guard let target = resolve(reexport.module, from: path) else { continue }
            recordDependency(of: path, on: target)
            let targetExports = summary(of: target, visiting: visiting)
            switch reexport.kind {
            case .all:
                for (name, value) in targetExports where name != "default" && exports[name] == nil { exports[name] = value }
            case let .named(imported, exported):
                if let value = targetExports[imported] { exports[exported] = value }
            case let .namespace(exported):
                if !targetExports.isEmpty { exports[exported] = .module(targetExports) }
            }
        }
        return exports
    }
}

/// An `export ... from './module'` statement.
struct Reexport {
    enum Kind {
        case all
        case named(imported: String, exported: String)
        case namespace(String)
    }

    let module: String
    let kind: Kind
}

extension SemanticModel {
    /// This file's exports that carry permission data.
    func exportSummary() -> [String: ExportedValue] {
        var exports: [String: ExportedValue] = [:]
        for statement in tree.root.namedChildren where statement.is(.exportStatement) {
            if statement.child(byField: .source) != nil { continue }
            if let declaration = statement.child(byField: .declaration) {
                switch declaration.nodeKind {
                case .functionDeclaration, .generatorFunctionDeclaration:
                    if let name = declaration.child(byField: .name), let value = summarise(.localFunction(declaration)) {
                        exports[name.text] = value
                    }
                case .lexicalDeclaration, .variableDeclaration:
                    for declarator in declaration.namedChildren where declarator.is(.variableDeclarator) {
                        guard let name = declarator.child(byField: .name), name.is(.identifier),
                              let index = resolve(name: name.text, at: name),
                              let value = summarise(value(ofBinding: index)) else { continue }
                        exports[name.text] = value
                    }
                default:
                    continue
                }
            } else if let value = statement.child(byField: .value) {
                if let summary = summarise(self.value(of: value)) { exports["default"] = summary }
            } else if let clause = statement.namedChildren.first(where: { $0.is(.exportClause) }) {
                for specifier in clause.namedChildren where specifier.is(.exportSpecifier) {
                    guard let name = specifier.child(byField: .name),
                          let index = resolve(name: name.text, at: name),
                          let value = summarise(value(ofBinding: index)) else { continue }
                    exports[(specifier.child(byField: .alias) ?? name).text] = value
                }
            }
        }
        return exports
    }

    /// This file's `export ... from` statements.
    func reexports() -> [Reexport] {
        var result: [Reexport] = []
        for statement in tree.root.namedChildren where statement.is(.exportStatement) {
            guard let source = statement.child(byField: .source), let module = Syntax.stringValue(source) else { continue }
            if let clause = statement.namedChildren.first(where: { $0.is(.exportClause) }) {
                for specifier in clause.namedChildren where specifier.is(.exportSpecifier) {
                    guard let name = specifier.child(byField: .name) else { continue }
                    let exported = (specifier.child(byField: .alias) ?? name).text
                    result.append(Reexport(module: module, kind: .named(imported: name.text, exported: exported)))
                }
            } else if let namespace = statement.namedChildren.first(where: { $0.is(.namespaceExport) }),
                      let name = namespace.namedChildren.last {
                result.append(Reexport(module: module, kind: .namespace(name.text)))
            } else {
                result.append(Reexport(module: module, kind: .all))
            }
        }
        return result
    }

    /// An exportable description of a value, or nil when it carries nothing of interest.
    private func summarise(_ value: SymbolicValue, depth: Int = 0) -> ExportedValue? {
        switch value {
        case .expoModule: return .reference(.expoModule)
        case let .expoExport(name): return .reference(.expoExport(name))
        case let .libraryValue(library, kind): return .reference(.library(library, kind))
        case let .external(exported): return exported
        case let .localFunction(function):
            for returned in returnedExpressions(of: function) {
                switch awaited(self.value(of: returned)) {
                case .permissionResponse: return .function(returns: .permissionResponse)
                case .rootStatus: return .function(returns: .rootStatus)
                case .iosStatus: return .function(returns: .iosStatus)
                case let .authorizationStatus(library, _): return .function(returns: .authorizationStatus(library))
                case .notifeeSettings: return .function(returns: .notifeeSettings)
                case let .storeState(key, _): return .function(returns: .store(key))
                // A loader: `return require('expo-notifications')`, `return cached` (`ValueFlow.swift`).
                case .expoModule: return .function(returns: .expoModule)
                case let .localObject(object):
                    // `return { status, canAsk: … }`: the members that are permission data.
                    if let members = resultMembers(of: object, depth: depth), !members.isEmpty { return .function(returns: .object(members)) }
                    continue
                // A helper returning `granted` is reported where it returns it; its callers get a
                // derived boolean, so one mistake is one finding.
                default: continue
                }
            }
            return nil
        case let .localObject(object):
            guard depth < 2 else { return nil }
            var members: [String: ExportedValue] = [:]
            for member in Syntax.objectMembers(object) {
                guard let name = member.name else { continue }
                let memberValue: SymbolicValue = member.node.is(.methodDefinition)
                    ? .localFunction(member.node) : (member.value.map { self.value(of: $0) } ?? .unknown)
                if let summary = summarise(memberValue, depth: depth + 1) { members[name] = summary }
            }
            return members.isEmpty ? nil : .object(members)
        default:
            return nil
        }
    }

    /// The members of a returned object literal that are permission data (spread responses give
    /// their own members).
    private func resultMembers(of object: Node, depth: Int) -> [String: ExportedResult]? {
        guard depth < 2 else { return nil }
        var members: [String: ExportedResult] = [:]
        for member in Syntax.objectMembers(object) where member.node.nodeKind != .methodDefinition {
            guard let valueNode = member.value else { continue }
            let memberValue = awaited(self.value(of: valueNode))
            let result: ExportedResult?
            switch memberValue {
            case .permissionResponse: result = .permissionResponse
            case .rootStatus: result = .rootStatus
            case .iosStatus: result = .iosStatus
            case let .authorizationStatus(library, _): result = .authorizationStatus(library)
            case .notifeeSettings: result = .notifeeSettings
            case let .localObject(inner): result = resultMembers(of: inner, depth: depth + 1).flatMap { $0.isEmpty ? nil : .object($0) }
            default: result = nil
            }
            if let name = member.name {
                if let result { members[name] = result }
            } else if member.node.is(.spreadElement), case .permissionResponse = memberValue {
                // `{ ...response, extra }`
                for name in ["status", "granted", "canAskAgain"] where members[name] == nil {
                    members[name] = name == "status" ? .rootStatus : nil
                }
            }
        }
        return members
    }
}
