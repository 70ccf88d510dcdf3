import GrantedLinter
import GrantedSyntax

/// A diagnostic's range converted at the edge: 1-based lines, 1-based UTF-16 columns, the end being
/// the column after the last character (as SARIF and editors expect).
public struct LineColumnRange: Equatable {
    public let start: SourcePosition
    public let end: SourcePosition

    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end == start ? SourcePosition(line: start.line, column: start.column + 1) : end
    }

    /// A related location: in the finding's file, or elsewhere with its own positions.
    public init(_ related: RelatedLocation, in text: SourceText) {
        if let elsewhere = related.elsewhere {
            self.init(start: elsewhere.start, end: elsewhere.end)
        } else {
            self.init(related.range, in: text)
        }
    }

    public init(_ range: Range<Int>, in text: SourceText) {
        start = text.position(of: range.lowerBound)
        let endPosition = text.position(of: range.upperBound)
        // An empty range still covers one column, so that every region has a visible extent.
        end = endPosition == start ? SourcePosition(line: start.line, column: start.column + 1) : endPosition
    }
}

/// Stable fingerprints: a hash of the rule id and the finding's source line with white space
/// folded, plus how many identical (rule, line text) pairs came before it in the file — so inserting
/// lines above a finding does not change it.
public enum Fingerprint {
    public static func compute(for diagnostics: [Diagnostic], in text: SourceText) -> [String] {
        var occurrences: [String: Int] = [:]
        return diagnostics.map { diagnostic in
            let line = text.lineIndex(containing: diagnostic.range.lowerBound)
            let normalised = text.lineText(line).split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
            let key = diagnostic.ruleId + "\u{0}" + normalised
            let occurrence = occurrences[key, default: 0] + 1
            occurrences[key] = occurrence
            return fnv1a64Hex(key) + ":" + String(occurrence)
        }
    }

    /// One fingerprint per finding across a whole report, for formats that identify a finding by a
    /// single string (GitLab Code Quality keeps only the first issue of each fingerprint, across all
    /// files): the per-file fingerprint above bound to the repository-relative path, as 16 hex
    /// digits. Stable in the same way — lines inserted above a finding leave it unchanged.
    public static func reportWide(_ fingerprint: String, path: String) -> String {
        fnv1a64Hex(path + "\u{0}" + fingerprint)
    }

    /// 64-bit FNV-1a, as 16 hex digits.
    public static func fnv1a64Hex(_ string: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in string.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
