/// A path glob as users know it from .gitignore and ESLint: `*` and `?` stay within one path segment,
/// `**` spans segments, and a pattern without a slash matches a name at any depth.
public struct Glob: Hashable, Sendable {
    public let pattern: String
    private let segments: [Substring]
    private let anchored: Bool

    public init(_ pattern: String) {
        var trimmed = pattern
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        if trimmed.hasSuffix("/") { trimmed += "**" }
        self.pattern = pattern
        anchored = trimmed.contains("/")
        let body = trimmed.hasPrefix("/") ? String(trimmed.dropFirst()) : trimmed
        segments = body.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// Whether the relative path (forward slashes) or one of its parent directories matches.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        if anchored {
            // A directory pattern also excludes everything below it.
            for length in stride(from: parts.count, through: 1, by: -1) where match(segments[...], parts[0..<length]) {
                return true
            }
            return false
        }
        return parts.contains { Glob.matchSegment(Array(segments.first ?? "").map { $0 }, Array($0)) }
    }

    private func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            var index = path.startIndex
            while true {
                if match(rest, path[index...]) { return true }
                if index == path.endIndex { return false }
                index += 1
            }
        }
        guard let head = path.first, Glob.matchSegment(Array(first), Array(head)) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// `*` and `?` within one segment, iteratively with backtracking on the last `*`.
    static func matchSegment(_ pattern: [Character], _ text: [Character]) -> Bool {
        var p = 0, t = 0
        var star = -1, mark = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1; t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p; mark = t; p += 1
            } else if star >= 0 {
                p = star + 1; mark += 1; t = mark
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
