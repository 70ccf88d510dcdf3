/// `textDocument/didOpen`, `didChange`, `didClose`, `didSave`: the client's buffers.
extension LSP {
    struct DidOpenTextDocumentParams: NotificationParams {
        static let method = "textDocument/didOpen"
        let textDocument: TextDocumentItem

        private enum CodingKeys: String, CodingKey { case textDocument }

        init(from decoder: Decoder) throws {
            textDocument = try decoder.container(keyedBy: CodingKeys.self).required(.textDocument)
        }
    }

    struct DidChangeTextDocumentParams: NotificationParams {
        static let method = "textDocument/didChange"
        let textDocument: VersionedTextDocumentIdentifier
        /// Applied in order, each to the text the ones before it left.
        let contentChanges: [TextDocumentContentChangeEvent]

        private enum CodingKeys: String, CodingKey { case textDocument, contentChanges }

        init(from decoder: Decoder) throws {
            let members = try decoder.container(keyedBy: CodingKeys.self)
            textDocument = try members.required(.textDocument)
            contentChanges = try members.required(.contentChanges)
        }
    }

    /// A range replaced by `text`, or the whole text when there is no `range` (`rangeLength`,
    /// deprecated, is not read).
    struct TextDocumentContentChangeEvent: Decodable, Sendable {
        /// A `range` that is present must be a range: null does not mean the whole text.
        let range: Range?
        let text: String

        private enum CodingKeys: String, CodingKey { case range, text }

        init(from decoder: Decoder) throws {
            let members = try decoder.container(keyedBy: CodingKeys.self)
            text = try members.required(.text)
            range = try members.ifPresent(.range)
        }
    }

    struct DidCloseTextDocumentParams: NotificationParams {
        static let method = "textDocument/didClose"
        let textDocument: TextDocumentIdentifier

        private enum CodingKeys: String, CodingKey { case textDocument }

        init(from decoder: Decoder) throws {
            textDocument = try decoder.container(keyedBy: CodingKeys.self).required(.textDocument)
        }
    }

    /// The saved text, if the client sends it, is not read: the buffer is the server's text.
    struct DidSaveTextDocumentParams: NotificationParams {
        static let method = "textDocument/didSave"
        let textDocument: TextDocumentIdentifier

        private enum CodingKeys: String, CodingKey { case textDocument }

        init(from decoder: Decoder) throws {
            textDocument = try decoder.container(keyedBy: CodingKeys.self).required(.textDocument)
        }
    }
}
