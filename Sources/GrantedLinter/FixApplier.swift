/// Applies fixes to a file's text. Overlapping edits are never applied together: the later fix waits
/// for the next round. A fix that several findings offer alike (one repair of all of them) is applied
/// once and counts for each.
public enum FixApplier {
    public struct Outcome {
        public let bytes: [UInt8]
        public let appliedCount: Int
        /// Fixes left out because they overlapped one that was applied.
        public let skippedCount: Int
        /// The notes of the fixes applied (what the diff alone does not tell).
        public var notes: [String] = []
    }

    /// Applies the given fixes whose edits do not overlap an earlier-chosen fix.
    public static func apply(_ fixes: [Fix], to bytes: [UInt8]) -> Outcome {
        var chosen: [TextEdit] = []
        var chosenFixes = Set<Fix>()
        var notes: [String] = []
        var applied = 0
        var skipped = 0
        let ordered = fixes.sorted { ($0.edits.map(\.range.lowerBound).min() ?? 0) < ($1.edits.map(\.range.lowerBound).min() ?? 0) }
        for fix in ordered {
            if chosenFixes.contains(fix) {
                applied += 1
                continue
            }
            let overlaps = fix.edits.contains { edit in
                chosen.contains { other in
                    edit.range.overlaps(other.range)
                        || (edit.range.isEmpty || other.range.isEmpty) && edit.range.lowerBound == other.range.lowerBound
                }
            }
            if overlaps || fix.edits.contains(where: { $0.range.upperBound > bytes.count }) {
                skipped += 1
                continue
            }
            chosen += fix.edits
            chosenFixes.insert(fix)
            if let note = fix.note { notes.append(note) }
            applied += 1
        }
        var result = bytes
        for edit in chosen.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return Outcome(bytes: result, appliedCount: applied, skippedCount: skipped, notes: notes)
    }
}
