import GrantedSyntax

/// A file to lint: its path as the user should see it and its text.
public struct SourceFile {
    /// Path as shown in reports (relative to the working directory where possible).
    public let path: String
    public let text: SourceText
    public let grammar: Grammar

    public init(path: String, text: SourceText, grammar: Grammar) {
        self.path = path
        self.text = text
        self.grammar = grammar
    }

    public init?(path: String, bytes: [UInt8]) {
        let fileExtension = path.split(separator: ".").last.map(String.init) ?? ""
        guard let grammar = Grammar(fileExtension: fileExtension) else { return nil }
        self.init(path: path, text: SourceText(bytes: bytes), grammar: grammar)
    }
}
