/// The words the analysis compares code against: API, module, option and store names, the words
/// its naming heuristics look for (`track…`, `use…`, `…Status`, `…$`), and the rest of the string
/// literals in the rules and the semantics. A name that contains none of them, used nowhere else in
/// its file, cannot make the analysis see anything: an edited declaration made only of such names
/// cannot change a finding (`Linter.lint(_:after:)`).
///
/// `AnalysisVocabularyTests` reads every string literal of `Rules/`, `GrantedSemantics` and
/// `GrantedLinter` and fails when one is not covered, so a rule that learns a new word must list it
/// here (or a shorter word inside it).
public enum AnalysisVocabulary {
    /// Lowercased; a name that contains one of them (in any case) is one the analysis may know.
    public static let stems: [String] = [
        "action", "addcase", "after", "alert", "all", "amplitude", "analytics", "android", "announcements", "any",
        "api", "app", "atom", "authorization", "authorized", "auto", "aware", "badge", "blind", "blocked", "boolean",
        "breadcrumb", "bugsnag", "canaskagain", "caption", "capture", "catch", "channel", "check", "cjs", "code", "console",
        "core", "correctness", "cps", "crashlytics", "create", "cts", "data", "date", "debug", "deefault", "default",
        "deliverable", "denied", "deprecated", "deprecation", "description", "disable", "dispatch", "enumeration",
        "ephemeral", "error", "event", "example", "exception", "expo", "fetchquery", "filter", "find", "firebase",
        "foreach", "fork", "from", "get", "granted", "has", "high", "identify", "ids", "ignored", "import", "includes",
        "index", "info", "invalid", "ios", "jsx", "label", "lastresponseasync", "legend", "line", "lint", "log",
        "maintainability", "map", "medium", "member", "message", "messaging", "metric", "missing", "mixpanel", "mjs",
        "modules", "mts", "mutationfn", "name", "native", "needless", "never", "next", "nooptions", "not_determined",
        "notawaited", "notifee", "notification", "number", "numeric", "only", "onsuccess", "other", "outcome",
        "parse", "parts", "payload", "peek", "people", "permission", "platform", "print", "project", "promise",
        "provider", "push", "put", "queryfn", "queryoptions", "race", "react", "reducers", "redux",
        "registersuperproperties", "remove", "request", "require", "resolve", "results", "rovisional", "saga", "sdk",
        "seconds", "segment", "select", "sentry", "set", "should", "show", "some", "spawn", "status", "suggested",
        "suppression", "syntax", "text", "then", "title", "token", "track", "translate", "trigger", "true", "tsx", "type", "undetermined",
        "unguarded", "unknown", "upgrade", "use", "value", "var", "very", "void", "warn", "was", "web", "when",
        "without", "xxxx", "your",
        "$",
    ]

    /// Lowercased short words, matched whole: as substrings they would be in nearly every name.
    public static let shortWords: Set<String> = [
        "c", "i", "l", "n", "r", "s", "t", "u", "id", "in", "is", "js", "of", "os", "ts", "ux",
    ]

    /// Whether the analysis may know `name` (an identifier, a property name, a word of a string).
    public static func mayKnow(_ name: Substring) -> Bool { mayKnow(Array(name.utf8)[...]) }

    /// `mayKnow` on the name's UTF-8 bytes: ASCII letters compared without case (the analysis
    /// compares names byte for byte, so no other letter can spell one of its words).
    public static func mayKnow(_ name: ArraySlice<UInt8>) -> Bool {
        guard let first = name.first else { return false }
        // A number means something only next to a name the analysis knows (`ios.status === 3`).
        if first >= 0x30 && first <= 0x39 { return false }
        let lowered = name.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        if lowered.count <= 2, shortWordBytes.contains(lowered) { return true }
        for start in lowered.indices {
            for stem in stemsByFirstByte[Int(lowered[start])] where start + stem.count <= lowered.count {
                var matched = 1
                while matched < stem.count, lowered[start + matched] == stem[matched] { matched += 1 }
                if matched == stem.count { return true }
            }
        }
        return false
    }

    private static let shortWordBytes: Set<[UInt8]> = Set(shortWords.map { Array($0.utf8) })
    private static let stemsByFirstByte: [[[UInt8]]] = {
        var table = Array(repeating: [[UInt8]](), count: 256)
        for stem in stems { table[Int(stem.utf8.first!)].append(Array(stem.utf8)) }
        return table
    }()
}
