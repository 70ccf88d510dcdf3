/// Byte ranges of the engine ↔ LSP ranges of a document (the engine's offsets leave out a
/// byte-order mark).
struct RangeConverter {
    let document: TextDocument
    let shift: Int

    init(document: TextDocument, byteOrderMark: Bool) {
        self.document = document
        shift = byteOrderMark ? 3 : 0
    }

    func range(_ range: Range<Int>) -> LSP.Range {
        LSP.Range(start: LSP.Position(document.position(of: range.lowerBound + shift)),
                  end: LSP.Position(document.position(of: range.upperBound + shift)))
    }

    /// An engine offset from a document offset.
    func offset(_ documentOffset: Int) -> Int { max(0, documentOffset - shift) }
}
