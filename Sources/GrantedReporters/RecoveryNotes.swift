import GrantedLinter
import GrantedSyntax

/// The words every reporter uses for a file the parser read only with error recovery: a limitation
/// of the tool, said as such, with the places where findings may be missing.
enum RecoveryNotes {
    /// "could only be parsed with error recovery at 3:5 (unexpected `&`)".
    static func summary(_ recovery: ParseRecovery, in text: SourceText) -> String {
        let start = text.position(of: recovery.first.range.lowerBound)
        let more = recovery.regions.count > 1 ? " and \(recovery.regions.count - 1) more place\(recovery.regions.count == 2 ? "" : "s")" : ""
        return "could only be parsed with error recovery at \(start.line):\(start.column) (\(recovery.first.description))\(more); it was checked as far as it parses"
    }

    /// "analysis may be incomplete between lines 10 and 24 (`registerForPush`, which works with
    /// notification permission)", one per affected function.
    static func incomplete(_ recovery: ParseRecovery, in text: SourceText) -> [String] {
        recovery.affected.map { function in
            let first = text.position(of: function.range.lowerBound).line
            let last = text.position(of: max(function.range.lowerBound, function.range.upperBound - 1)).line
            let what = function.name.map { "`\($0)`, which works" } ?? "code that works"
            return "analysis may be incomplete between lines \(first) and \(last) (\(what) with notification permission)"
        }
    }

    /// The whole message, for formats with one text per notification: "a.tsx: could only be …".
    static func message(_ recovery: ParseRecovery, in text: SourceText, path: String) -> String {
        "\(path): " + ([summary(recovery, in: text)] + incomplete(recovery, in: text)).joined(separator: "; ")
    }
}
