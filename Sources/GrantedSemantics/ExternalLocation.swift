import GrantedSyntax

/// A range in some file of the project: its path as the run shows it, and 1-based lines and UTF-16
/// columns.
public struct ExternalLocation: Hashable, Sendable {
    public let path: String
    public let start: SourcePosition
    public let end: SourcePosition

    public init(path: String, start: SourcePosition, end: SourcePosition) {
        self.path = path
        self.start = start
        self.end = end
    }
}
