/// `textDocument/codeAction` and `codeAction/resolve`.
extension LSP {
    /// The kinds of code action the server offers.
    enum CodeActionKind {
        static let quickFix = "quickfix"
        /// Under `source.fixAll`, so that `editor.codeActionsOnSave` asking for the parent finds it.
        static let fixAll = "source.fixAll.granted-lint"
    }

    struct CodeActionParams: RequestParams {
        static let method = "textDocument/codeAction"
        typealias Answer = [CodeAction]
        let textDocument: TextDocumentIdentifier
        let range: Range
        /// Read leniently: only `only` matters (the diagnostics the client lists are found again
        /// from the range), and a context the server cannot read asks for every kind.
        let context: CodeActionContext?

        private enum CodingKeys: String, CodingKey { case textDocument, range, context }

        init(from decoder: Decoder) throws {
            let members = try decoder.container(keyedBy: CodingKeys.self)
            textDocument = try members.required(.textDocument)
            range = try members.required(.range)
            context = members.ifWellFormed(.context)
        }
    }

    struct CodeActionContext: Decodable, Sendable {
        /// The kinds asked for (nil: all); an entry that is not a string is skipped, and an `only`
        /// that is not an array counts as absent.
        let only: [String]?

        private enum CodingKeys: String, CodingKey { case only }

        init(from decoder: Decoder) throws {
            only = try decoder.container(keyedBy: CodingKeys.self).ifWellFormed(.only, as: [JSONValue].self)?.compactMap(\.stringValue)
        }
    }

    /// A code action literal (never a bare `Command`).
    struct CodeAction: Codable, Sendable {
        var title: String
        var kind: String?
        var diagnostics: [Diagnostic]?
        var isPreferred: Bool?
        var edit: WorkspaceEdit?
        /// Set on a fix-all action offered without its edit, for `codeAction/resolve`.
        var data: FixAllData?

        init(title: String, kind: String?, diagnostics: [Diagnostic]? = nil, isPreferred: Bool? = nil,
             edit: WorkspaceEdit? = nil, data: FixAllData? = nil) {
            self.title = title
            self.kind = kind
            self.diagnostics = diagnostics
            self.isPreferred = isPreferred
            self.edit = edit
            self.data = data
        }
    }

    /// The document and version a fix-all action was offered for.
    struct FixAllData: Codable, Hashable, Sendable {
        var uri: String
        var version: Int

        init(uri: String, version: Int) {
            self.uri = uri
            self.version = version
        }

        private enum CodingKeys: String, CodingKey { case uri, version }

        init(from decoder: Decoder) throws {
            let members = try decoder.container(keyedBy: CodingKeys.self)
            uri = try members.required(.uri)
            version = try members.required(.version)
        }
    }

    /// `codeAction/resolve`'s params: a code action as the server offered it. The answer is that
    /// same action, every member kept as the client sent it, with the edit filled in.
    struct CodeActionResolveParams: RequestParams {
        static let method = "codeAction/resolve"
        typealias Answer = ResolvedCodeAction
        /// The action's members, unread.
        let members: [String: JSONValue]
        /// For the fix-all action (its kind, an object in `data`): what its edit is computed for.
        /// nil for every other action, which is complete as offered.
        let fixAll: FixAllData?

        init(from decoder: Decoder) throws {
            let typed = try decoder.container(keyedBy: AnyCodingKey.self)
            if typed.ifWellFormed(AnyCodingKey("kind"), as: String.self) == CodeActionKind.fixAll {
                fixAll = try typed.membersIfObject(AnyCodingKey("data"))
            } else {
                fixAll = nil
            }
            members = try decoder.singleValueContainer().decode([String: JSONValue].self)
        }
    }

    /// A code action as the client sent it for resolving, with `edit` set when the server computed one.
    struct ResolvedCodeAction: Encodable, Sendable {
        var members: [String: JSONValue]
        var edit: WorkspaceEdit?

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for (name, value) in members where !(name == "edit" && edit != nil) {
                try container.encode(value, forKey: AnyCodingKey(name))
            }
            if let edit { try container.encode(edit, forKey: AnyCodingKey("edit")) }
        }
    }
}
