/// One line of an ignore file (`.gitignore`, `.git/info/exclude`, the global excludes file or
/// `.granted-lintignore`), parsed the way git parses it.
public struct IgnorePattern: Sendable {
    /// The glob, without its `!`, its trailing `/` and (for anchored patterns) its leading `/`.
    public let glob: [UInt8]
    /// `!pattern`: re-includes what an earlier line excluded.
    public let negated: Bool
    /// `pattern/`: matches directories only.
    public let directoryOnly: Bool
    /// No slash except a trailing one: matched against the name at any depth. Otherwise matched
    /// against the path relative to the ignore file's directory.
    public let matchesName: Bool
    /// The line as written, and where (for messages that say why a file was skipped).
    public let text: String
    public let line: Int

    /// Parses one line; nil for blank lines and comments.
    public init?(line bytes: ArraySlice<UInt8>, number: Int) {
        var bytes = Array(bytes)
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        if bytes.first == UInt8(ascii: "#") { return nil }
        IgnorePattern.trimTrailingSpaces(&bytes)
        if bytes.isEmpty { return nil }
        text = String(decoding: bytes, as: UTF8.self)
        line = number
        var body = bytes[...]
        negated = body.first == UInt8(ascii: "!")
        if negated { body = body.dropFirst() }
        directoryOnly = body.last == UInt8(ascii: "/")
        if directoryOnly { body = body.dropLast() }
        matchesName = !body.contains(UInt8(ascii: "/"))
        if !matchesName, body.first == UInt8(ascii: "/") { body = body.dropFirst() }
        glob = Array(body)
        // Most lines are a plain name (`node_modules`) or `*.ext`: compared without the matcher.
        if Wildmatch.isLiteral(glob) {
            shape = .literal
        } else if glob.first == UInt8(ascii: "*"), glob.count > 1, Wildmatch.isLiteral(Array(glob.dropFirst())) {
            shape = .suffix(Array(glob.dropFirst()))
        } else {
            shape = .glob
        }
    }

    private enum Shape: Sendable {
        case literal
        case suffix([UInt8])
        case glob
    }

    private let shape: Shape

    /// Cuts trailing spaces (not tabs), except one escaped by a backslash, as git does.
    static func trimTrailingSpaces(_ bytes: inout [UInt8]) {
        var lastSpace: Int?
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "):
                if lastSpace == nil { lastSpace = index }
            case UInt8(ascii: "\\"):
                index += 1
                lastSpace = nil
            default:
                lastSpace = nil
            }
            index += 1
        }
        if let lastSpace { bytes.removeSubrange(lastSpace...) }
    }

    /// Whether the pattern matches a path. `relative` is the path relative to the ignore file's
    /// directory; `nameStart` is the index where its last component starts.
    func matches(relative: ArraySlice<UInt8>, nameStart: Int, isDirectory: Bool, foldCase: Bool) -> Bool {
        if directoryOnly, !isDirectory { return false }
        let subject = matchesName ? relative[nameStart...] : relative
        if !foldCase {
            switch shape {
            case .literal:
                return subject.elementsEqual(glob)
            case let .suffix(suffix) where matchesName:
                // `*` does cross a slash here, but a name has none.
                return subject.count >= suffix.count && subject.suffix(suffix.count).elementsEqual(suffix)
            default:
                break
            }
        }
        return Wildmatch.matches(glob, subject, pathname: !matchesName, foldCase: foldCase)
    }
}

/// The patterns of one ignore file, with the directory they apply to.
public struct IgnoreFile: Sendable {
    /// Where the patterns came from: a path for messages.
    public let path: String
    /// The directory the patterns are relative to, as a prefix of the repository-relative paths
    /// the walker matches (empty for the top, otherwise ending in `/`).
    public let base: [UInt8]
    public let patterns: [IgnorePattern]

    public init(path: String, base: [UInt8], contents: [UInt8]) {
        self.path = path
        self.base = base
        var bytes = contents[...]
        // A UTF-8 byte order mark is not part of the first pattern.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        var patterns: [IgnorePattern] = []
        var number = 1
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            if let pattern = IgnorePattern(line: line, number: number) { patterns.append(pattern) }
            number += 1
        }
        self.patterns = patterns
    }

    /// The last pattern of this file that matches `path` (repository-relative; `nameStart` is the
    /// index of its last component), if any. Paths outside `base` are not this file's business.
    func lastMatch(path: ArraySlice<UInt8>, nameStart: Int, isDirectory: Bool, foldCase: Bool) -> IgnorePattern? {
        guard path.count > base.count, path.starts(with: base) else { return nil }
        let relative = path.dropFirst(base.count)
        for pattern in patterns.reversed()
        where pattern.matches(relative: relative, nameStart: nameStart, isDirectory: isDirectory, foldCase: foldCase) {
            return pattern
        }
        return nil
    }
}

/// Why a path is ignored: the file and line that decided.
public struct IgnoreReason: Sendable, Hashable {
    public let file: String
    public let line: Int
    public let pattern: String

    public var description: String { "\(file):\(line) (`\(pattern)`)" }
}

/// The ignore rules in force in one directory: its own files and its parent's, linked so that a
/// parallel walk shares them. Immutable once built.
public final class IgnoreLevel: @unchecked Sendable {
    public let parent: IgnoreLevel?
    /// Files of this level, lowest precedence first.
    let files: [IgnoreFile]
    let foldCase: Bool

    public init(parent: IgnoreLevel?, files: [IgnoreFile], foldCase: Bool = false) {
        self.parent = parent
        self.files = files.filter { !$0.patterns.isEmpty }
        self.foldCase = foldCase
    }

    /// The deciding pattern for a repository-relative path: the deepest file with a match decides,
    /// and within a file the last matching line (git's order). nil: no rule says anything.
    public func decision(for path: ArraySlice<UInt8>, isDirectory: Bool) -> (pattern: IgnorePattern, file: IgnoreFile)? {
        var nameStart = path.startIndex
        if let slash = path.lastIndex(of: UInt8(ascii: "/")) { nameStart = slash + 1 }
        var level: IgnoreLevel? = self
        while let current = level {
            for file in current.files.reversed() {
                if let pattern = file.lastMatch(path: path, nameStart: nameStart, isDirectory: isDirectory, foldCase: foldCase) {
                    return (pattern, file)
                }
            }
            level = current.parent
        }
        return nil
    }

    /// Whether the path is ignored, and by what.
    public func ignoredBy(_ path: ArraySlice<UInt8>, isDirectory: Bool) -> IgnoreReason? {
        guard let (pattern, file) = decision(for: path, isDirectory: isDirectory), !pattern.negated else { return nil }
        return IgnoreReason(file: file.path, line: pattern.line, pattern: pattern.text)
    }

    public var isEmpty: Bool { files.isEmpty && (parent?.isEmpty ?? true) }
}
