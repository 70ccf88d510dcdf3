/// The structures every message is made of: positions, ranges, locations, edits, documents.
extension LSP {
    /// A place in a document: a zero-based line and a zero-based character counted in UTF-16 code
    /// units (the wire form of `TextPosition`).
    struct Position: Codable, Hashable, Sendable {
        var line: Int
        var character: Int

        init(line: Int, character: Int) {
            self.line = line
            self.character = character
        }

        init(_ position: TextPosition) {
            self.init(line: position.line, character: position.character)
        }

        var textPosition: TextPosition { TextPosition(line: line, character: character) }

        private enum CodingKeys: String, CodingKey { case line, character }

        init(from decoder: Decoder) throws {
            let members = try decoder.container(keyedBy: CodingKeys.self)
            line = try members.required(.line)
            character = try members.required(.character)
        }
    }

    struct Range: Codable, Hashable, Sendable {
        var start: Position
        var end: Position

        init(start: Position, end: Position) {
            self.start = start
            self.end = end
        }

        private enum CodingKeys: String, CodingKey { case start, end }

        init(from decoder: Decoder) throws {
            let members = try decoder.container(keyedBy: CodingKeys.self)
            start = try members.required(.start)
            end = try members.required(.end)
        }
    }

    struct Location: Codable, Hashable, Sendable {
        var uri: String
        var range: Range
    }

    struct TextEdit: Codable, Hashable, Sendable {
        var range: Range
        var newText: String
    }

    /// Edits by document URI (the `changes` form: every client supports it).
    struct WorkspaceEdit: Codable, Hashable, Sendable {
        var changes: [String: [TextEdit]]?
    }

    struct TextDocumentIdentifier: Decodable, Sendable {
        let uri: String

        private enum CodingKeys: String, CodingKey { case uri }

        init(from decoder: Decoder) throws {
            uri = try decoder.container(keyedBy: CodingKeys.self).required(.uri)
        }
    }

    struct VersionedTextDocumentIdentifier: Decodable, Sendable {
        let uri: String
        let version: Int

        private enum CodingKeys: String, CodingKey { case uri, version }

        init(from decoder: Decoder) throws {
            let members = try decoder.container(keyedBy: CodingKeys.self)
            uri = try members.required(.uri)
            version = try members.required(.version)
        }
    }

    /// A document as `didOpen` sends it (its `languageId` is not read: the path's extension decides).
    struct TextDocumentItem: Decodable, Sendable {
        let uri: String
        let version: Int
        let text: String

        private enum CodingKeys: String, CodingKey { case uri, version, text }

        init(from decoder: Decoder) throws {
            let members = try decoder.container(keyedBy: CodingKeys.self)
            uri = try members.required(.uri)
            version = try members.required(.version)
            text = try members.required(.text)
        }
    }

    /// A workspace folder (its `name` is not read).
    struct WorkspaceFolder: Decodable, Sendable {
        let uri: String

        private enum CodingKeys: String, CodingKey { case uri }

        init(from decoder: Decoder) throws {
            uri = try decoder.container(keyedBy: CodingKeys.self).required(.uri)
        }
    }
}
