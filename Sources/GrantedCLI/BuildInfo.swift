/// What `granted-lint --version` reports.
///
/// Swift has no way to read a string from the environment or the command line at compile time, and
/// a generated, git-ignored source file would break `swift build` in a clean clone. So this file is
/// committed with the values a development build reports, and `make dist` (scripts/dist.sh) builds
/// from a copy of the tree in which it rewrites the `commit` line; the repository's copy never
/// changes, and dist.sh fails if the line it rewrites is not found.
public enum BuildInfo {
    public static let version = "0.1.0"
    /// The short git commit of a `make dist` build; nil in any other build.
    public static let commit: String? = nil
    /// The grammar scripts/setup.sh pins (package, version, our adjustment). A test keeps it equal to
    /// setup.sh's pin, and dist.sh refuses to build when the installed grammar has another pin.
    public static let grammar = "tree-sitter-language-pack 0.13.0 + jsx-text-ampersand-1"

    /// `granted-lint 0.1.0 (commit abc1234, grammar tree-sitter-language-pack 0.13.0 + jsx-text-ampersand-1)`
    public static var versionLine: String {
        "granted-lint \(version) (\(commit.map { "commit \($0)" } ?? "development build"), grammar \(grammar))"
    }
}
