import GrantedSyntax
import GrantedSemantics

/// Applies fixes until nothing more changes (at most 10 rounds), never two overlapping edits at
/// once, and never a fix that turns a cleanly parsing file into one with a syntax error.
public enum FixLoop {
    public struct Outcome {
        /// The fixed file's bytes (with its byte-order mark restored), or nil when nothing changed.
        public let fixedBytes: [UInt8]?
        public let fixedCount: Int
        /// Fixes left out because they would have broken the syntax.
        public let rejectedCount: Int
        /// Findings in the fixed text.
        public let remaining: [Diagnostic]
        public let text: SourceText
        /// Notes of the fixes applied (a deleted comment, say), for the reviewer.
        public var notes: [String] = []
    }

    public static let maximumRounds = 10

    public static func run(_ file: SourceFile, linter: Linter, applicability: Fix.Applicability) -> Outcome {
        var text = file.text
        var fixedCount = 0
        var rejectedCount = 0
        var notes: [String] = []
        var diagnostics = diagnosticsOf(SourceFile(path: file.path, text: text, grammar: file.grammar), linter)
        let parsedCleanly = linter.parsesCleanly(text, grammar: file.grammar)
        for _ in 0..<maximumRounds {
            let fixes = diagnostics.compactMap(\.fix).filter { applicability == .unsafe || $0.applicability == .safe }
            guard !fixes.isEmpty else { break }
            var outcome = FixApplier.apply(fixes, to: text.bytes)
            var candidate = SourceText(bytes: outcome.bytes)
            if parsedCleanly, !linter.parsesCleanly(candidate, grammar: file.grammar) {
                // Find the fixes that break the syntax, one at a time, and keep the others.
                var accepted: [Fix] = []
                for fix in fixes {
                    let trial = FixApplier.apply(accepted + [fix], to: text.bytes)
                    if trial.appliedCount == accepted.count + 1,
                       linter.parsesCleanly(SourceText(bytes: trial.bytes), grammar: file.grammar) {
                        accepted.append(fix)
                    } else if trial.appliedCount == accepted.count + 1 {
                        rejectedCount += 1
                    }
                }
                guard !accepted.isEmpty else { break }
                outcome = FixApplier.apply(accepted, to: text.bytes)
                candidate = SourceText(bytes: outcome.bytes)
            }
            guard outcome.appliedCount > 0, outcome.bytes != text.bytes else { break }
            fixedCount += outcome.appliedCount
            notes += outcome.notes
            text = candidate
            diagnostics = diagnosticsOf(SourceFile(path: file.path, text: text, grammar: file.grammar), linter)
        }
        let changed = text.bytes != file.text.bytes
        let bom: [UInt8] = file.text.hadByteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        return Outcome(
            fixedBytes: changed ? bom + text.bytes : nil, fixedCount: changed ? fixedCount : 0,
            rejectedCount: rejectedCount, remaining: diagnostics, text: text, notes: changed ? notes : []
        )
    }

    private static func diagnosticsOf(_ file: SourceFile, _ linter: Linter) -> [Diagnostic] {
        switch linter.lint(file) {
        case let .success(result): return result.diagnostics
        case .failure: return []
        }
    }
}

/// A unified diff of two texts, line by line, for `--fix-dry-run`.
public enum UnifiedDiff {
    public static func render(path: String, old: String, new: String, context: Int = 3) -> String {
        // "\r\n" is one Character: split on every line end (a CRLF file is not one long line).
        func lines(_ text: String) -> [String] {
            text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).map(String.init)
        }
        let a = lines(old)
        let b = lines(new)
        // Fixes touch few lines: compare the middle that differs after the common prefix and suffix.
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = Array(a[prefix..<(a.count - suffix)])
        let newMiddle = Array(b[prefix..<(b.count - suffix)])
        var operations: [(Character, String)] = []
        for line in a[max(0, prefix - context)..<prefix] { operations.append((" ", line)) }
        operations += lcsOperations(oldMiddle, newMiddle)
        let tailEnd = min(a.count, a.count - suffix + context)
        for line in a[(a.count - suffix)..<tailEnd] { operations.append((" ", line)) }
        let oldStart = max(0, prefix - context)
        let oldCount = operations.filter { $0.0 != "+" }.count
        let newCount = operations.filter { $0.0 != "-" }.count
        var output = "--- a/\(path)\n+++ b/\(path)\n"
        output += "@@ -\(oldStart + 1),\(oldCount) +\(oldStart + 1),\(newCount) @@\n"
        for (mark, line) in operations { output += "\(mark)\(line)\n" }
        return output
    }

    private static func lcsOperations(_ a: [String], _ b: [String]) -> [(Character, String)] {
        guard a.count * b.count <= 4_000_000 else {
            return a.map { ("-", $0) } + b.map { ("+", $0) }
        }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var operations: [(Character, String)] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                operations.append((" ", a[i])); i += 1; j += 1
            } else if i < a.count, j == b.count || table[i + 1][j] >= table[i][j + 1] {
                operations.append(("-", a[i])); i += 1
            } else {
                operations.append(("+", b[j])); j += 1
            }
        }
        return operations
    }
}
