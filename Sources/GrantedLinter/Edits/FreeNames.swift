import GrantedSemantics
import GrantedSyntax

/// Names for the variables a fix declares (`const showAlert = …`, `let finalDeliverable = …`). A new
/// name must not capture or shadow one the code already uses, and a fix that declares several must
/// not give two of them one name where their scopes meet.
public struct FreeNames {
    /// Whether the file uses `name` already.
    private let isUsed: (String) -> Bool
    /// The highest number put after a candidate (`permissions9`); past it, no name is free.
    private let lastNumber: Int
    /// The names chosen so far, each with the region (a function, or the whole file) it is declared in.
    private var chosen: [(name: String, region: Range<Int>)] = []

    /// Names that occur nowhere in the file as a whole word, strings and comments included: the
    /// cautious choice when nothing tells what a word there means.
    public init(wordsOf source: SourceText, numberedUpTo lastNumber: Int = .max) {
        isUsed = { source.containsIdentifier($0) }
        self.lastNumber = lastNumber
    }

    /// Names that no variable of the file has, declared or referenced (property names, strings and
    /// comments do not count).
    public init(variablesOf model: SemanticModel, numberedUpTo lastNumber: Int = .max) {
        isUsed = { model.variableNameOccurs($0, within: model.tree.root.byteRange) }
        self.lastNumber = lastNumber
    }

    /// The first of `candidates`, else the first candidate numbered 2, 3…, that the file does not use
    /// and that was not chosen before for a region overlapping `region` (nil: the whole file); it is
    /// chosen from then on. Nil when every one is taken.
    public mutating func choose(_ candidates: [String], in region: Range<Int>? = nil) -> String? {
        guard let first = candidates.first else { return nil }
        let region = region ?? 0..<Int.max
        func isFree(_ candidate: String) -> Bool {
            !isUsed(candidate) && !chosen.contains { $0.name == candidate && $0.region.overlaps(region) }
        }
        var free = candidates.first(where: isFree)
        if free == nil, lastNumber >= 2 {
            free = (2...lastNumber).lazy.map { first + String($0) }.first(where: isFree)
        }
        if let free { chosen.append((free, region)) }
        return free
    }
}
