/// `textDocument/hover`.
extension LSP {
    struct HoverParams: RequestParams {
        static let method = "textDocument/hover"
        /// null where there is nothing to show.
        typealias Answer = Hover?
        let textDocument: TextDocumentIdentifier
        let position: Position

        private enum CodingKeys: String, CodingKey { case textDocument, position }

        init(from decoder: Decoder) throws {
            let members = try decoder.container(keyedBy: CodingKeys.self)
            textDocument = try members.required(.textDocument)
            position = try members.required(.position)
        }
    }

    struct Hover: Codable, Sendable {
        var contents: MarkupContent
        var range: Range?
    }

    struct MarkupContent: Codable, Sendable {
        var kind: MarkupKind
        var value: String
    }

    enum MarkupKind: String, Codable, Sendable {
        case plaintext
        case markdown
    }
}
