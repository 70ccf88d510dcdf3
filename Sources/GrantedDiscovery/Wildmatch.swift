/// Git's glob matching (the semantics of `wildmatch` in git), on bytes.
///
/// Used for ignore files, where a difference from git is a file linted or skipped in surprise, so
/// the corner cases follow git exactly: `*` and `?` never match `/` (in path mode), `**` spans
/// directories only when it stands between slashes or at either end, `[...]` classes take ranges,
/// `!`/`^` negation and POSIX names (`[[:alpha:]]`), `\` escapes the next byte, and a lone trailing
/// `\` matches nothing.
public enum Wildmatch {
    private enum Outcome {
        case match
        case noMatch
        /// No later position of the text can match: stop trying.
        case abortAll
        /// A `*` hit a slash: only an enclosing `**` may go on trying.
        case abortToDoubleStar
    }

    /// Whether `pattern` matches the whole of `text`.
    /// - Parameters:
    ///   - pathname: `*`, `?` and classes do not match `/` (git's WM_PATHNAME).
    ///   - foldCase: ASCII case-insensitive (git's `core.ignoreCase`).
    public static func matches(_ pattern: [UInt8], _ text: ArraySlice<UInt8>, pathname: Bool = true, foldCase: Bool = false) -> Bool {
        pattern.withUnsafeBufferPointer { p in
            text.withUnsafeBufferPointer { t in
                match(p, 0, t, 0, pathname: pathname, foldCase: foldCase) == .match
            }
        }
    }

    public static func matches(_ pattern: String, _ text: String, pathname: Bool = true, foldCase: Bool = false) -> Bool {
        matches(Array(pattern.utf8), Array(text.utf8)[...], pathname: pathname, foldCase: foldCase)
    }

    /// Whether the pattern has no special bytes (it matches only itself).
    public static func isLiteral(_ pattern: [UInt8]) -> Bool {
        !pattern.contains { $0 == star || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "[") || $0 == backslash }
    }

    private static let slash = UInt8(ascii: "/")
    private static let backslash = UInt8(ascii: "\\")
    private static let star = UInt8(ascii: "*")

    @inline(__always)
    private static func lower(_ byte: UInt8, _ fold: Bool) -> UInt8 {
        fold && byte >= 65 && byte <= 90 ? byte + 32 : byte
    }

    private static func match(
        _ p: UnsafeBufferPointer<UInt8>, _ startP: Int, _ t: UnsafeBufferPointer<UInt8>, _ startT: Int,
        pathname: Bool, foldCase: Bool
    ) -> Outcome {
        var pi = startP
        var ti = startT
        while pi < p.count {
            let pc = p[pi]
            let tc: UInt8? = ti < t.count ? t[ti] : nil
            if tc == nil, pc != star { return .abortAll }
            switch pc {
            case backslash:
                // A literal byte; a trailing backslash has nothing to match.
                pi += 1
                guard pi < p.count, let tc else { return .noMatch }
                if lower(tc, foldCase) != lower(p[pi], foldCase) { return .noMatch }
            case UInt8(ascii: "?"):
                if pathname, tc == slash { return .noMatch }
            case star:
                var matchSlash: Bool
                pi += 1
                if pi < p.count, p[pi] == star {
                    let before = pi - 2 // the byte before the first `*`
                    while pi < p.count, p[pi] == star { pi += 1 }
                    if !pathname {
                        matchSlash = true
                    } else if (before < startP || p[before] == slash)
                                && (pi == p.count || p[pi] == slash
                                    || (p[pi] == backslash && pi + 1 < p.count && p[pi + 1] == slash)) {
                        // `**/` also matches no directory at all.
                        if pi < p.count, p[pi] == slash,
                           match(p, pi + 1, t, ti, pathname: pathname, foldCase: foldCase) == .match {
                            return .match
                        }
                        matchSlash = true
                    } else {
                        // Any other `**` is a plain `*`.
                        matchSlash = false
                    }
                } else {
                    matchSlash = !pathname
                }
                if pi == p.count {
                    // A trailing star takes the rest, unless that crosses a slash it may not cross.
                    if !matchSlash, t[ti...].contains(slash) { return .noMatch }
                    return .match
                }
                if !matchSlash, p[pi] == slash {
                    // `*/`: the star takes everything up to the next slash of the text.
                    guard let next = t[ti...].firstIndex(of: slash) else { return .noMatch }
                    ti = next
                    // The slashes of pattern and text match each other.
                    pi += 1
                    ti += 1
                    continue
                }
                while ti < t.count {
                    let outcome = match(p, pi, t, ti, pathname: pathname, foldCase: foldCase)
                    if outcome != .noMatch {
                        if !matchSlash || outcome != .abortToDoubleStar { return outcome }
                    } else if !matchSlash, t[ti] == slash {
                        return .abortToDoubleStar
                    }
                    ti += 1
                }
                return .abortAll
            case UInt8(ascii: "["):
                guard let tc else { return .abortAll }
                let folded = lower(tc, foldCase)
                pi += 1
                guard pi < p.count else { return .abortAll }
                var pcClass = p[pi]
                if pcClass == UInt8(ascii: "!") { pcClass = UInt8(ascii: "^") }
                let negated = pcClass == UInt8(ascii: "^")
                if negated {
                    pi += 1
                    guard pi < p.count else { return .abortAll }
                    pcClass = p[pi]
                }
                var previous: UInt8 = 0
                var matched = false
                repeat {
                    if pcClass == backslash {
                        pi += 1
                        guard pi < p.count else { return .abortAll }
                        pcClass = p[pi]
                        if tc == pcClass || folded == lower(pcClass, foldCase) { matched = true }
                    } else if pcClass == UInt8(ascii: "-"), previous != 0, pi + 1 < p.count, p[pi + 1] != UInt8(ascii: "]") {
                        pi += 1
                        var upper = p[pi]
                        if upper == backslash {
                            pi += 1
                            guard pi < p.count else { return .abortAll }
                            upper = p[pi]
                        }
                        if tc <= upper && tc >= previous { matched = true }
                        if foldCase, !matched {
                            // Either case of the text byte may fall in the range.
                            let lowerT = lower(tc, true)
                            let upperT = lowerT >= 97 && lowerT <= 122 ? lowerT - 32 : lowerT
                            if (lowerT <= upper && lowerT >= previous) || (upperT <= upper && upperT >= previous) { matched = true }
                        }
                        pcClass = 0 // the next range cannot start from a range's end
                    } else if pcClass == UInt8(ascii: "["), pi + 1 < p.count, p[pi + 1] == UInt8(ascii: ":") {
                        let nameStart = pi + 2
                        var end = nameStart
                        while end < p.count, p[end] != UInt8(ascii: "]") { end += 1 }
                        guard end < p.count else { return .abortAll }
                        if end - nameStart - 1 < 0 || p[end - 1] != UInt8(ascii: ":") {
                            // Not `[:name:]`: an ordinary `[` in the set.
                            if tc == UInt8(ascii: "[") { matched = true }
                        } else {
                            let name = Array(p[nameStart..<(end - 1)])
                            guard let test = characterClasses[String(decoding: name, as: UTF8.self)] else { return .abortAll }
                            if test(tc) || (foldCase && name == Array("upper".utf8) && test(tc & ~0x20)) || (foldCase && name == Array("lower".utf8) && test(tc | 0x20)) {
                                matched = true
                            }
                            pi = end
                            pcClass = 0
                        }
                    } else if tc == pcClass || folded == lower(pcClass, foldCase) {
                        matched = true
                    }
                    previous = pcClass
                    pi += 1
                    guard pi < p.count else { return .abortAll }
                    pcClass = p[pi]
                } while pcClass != UInt8(ascii: "]")
                if matched == negated || (pathname && tc == slash) { return .noMatch }
            default:
                guard let tc else { return .abortAll }
                if lower(tc, foldCase) != lower(pc, foldCase) { return .noMatch }
            }
            pi += 1
            ti += 1
        }
        return ti == t.count ? .match : .noMatch
    }

    private static let characterClasses: [String: (UInt8) -> Bool] = [
        "alnum": { isAlpha($0) || isDigit($0) },
        "alpha": isAlpha,
        "blank": { $0 == 32 || $0 == 9 },
        "cntrl": { $0 < 32 || $0 == 127 },
        "digit": isDigit,
        "graph": { $0 > 32 && $0 < 127 },
        "lower": { $0 >= 97 && $0 <= 122 },
        "print": { $0 >= 32 && $0 < 127 },
        "punct": { $0 > 32 && $0 < 127 && !isAlpha($0) && !isDigit($0) },
        "space": { $0 == 32 || ($0 >= 9 && $0 <= 13) },
        "upper": { $0 >= 65 && $0 <= 90 },
        "xdigit": { isDigit($0) || ($0 >= 65 && $0 <= 70) || ($0 >= 97 && $0 <= 102) },
    ]

    private static func isAlpha(_ byte: UInt8) -> Bool { (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
}
