/// The workspace: watched files, folders, commands, and the registration of file watching.
extension LSP {
    struct DidChangeWatchedFilesParams: NotificationParams {
        static let method = "workspace/didChangeWatchedFiles"
        let changes: [FileEvent]

        private enum CodingKeys: String, CodingKey { case changes }

        init(from decoder: Decoder) throws {
            changes = try decoder.container(keyedBy: CodingKeys.self).required(.changes)
        }
    }

    /// A created, changed or deleted file. Its `type` is not read: the server looks at the disk.
    struct FileEvent: Decodable, Sendable {
        let uri: String

        private enum CodingKeys: String, CodingKey { case uri }

        init(from decoder: Decoder) throws {
            uri = try decoder.container(keyedBy: CodingKeys.self).required(.uri)
        }
    }

    struct DidChangeWorkspaceFoldersParams: NotificationParams {
        static let method = "workspace/didChangeWorkspaceFolders"
        let event: WorkspaceFoldersChangeEvent

        private enum CodingKeys: String, CodingKey { case event }

        init(from decoder: Decoder) throws {
            event = try decoder.container(keyedBy: CodingKeys.self).required(.event)
        }
    }

    /// An `added` or `removed` that is not an array lists no folder.
    struct WorkspaceFoldersChangeEvent: Decodable, Sendable {
        let added: [WorkspaceFolder]
        let removed: [WorkspaceFolder]

        private enum CodingKeys: String, CodingKey { case added, removed }

        init(from decoder: Decoder) throws {
            let members = try decoder.container(keyedBy: CodingKeys.self)
            removed = try members.elementsIfArray(.removed) ?? []
            added = try members.elementsIfArray(.added) ?? []
        }
    }

    struct ExecuteCommandParams: RequestParams {
        static let method = "workspace/executeCommand"
        /// The only command, `granted-lint.explainRule`, answers the rule's page as Markdown.
        typealias Answer = String
        let command: String
        /// Each command checks its own; nil when the client sent no array.
        let arguments: [JSONValue]?

        private enum CodingKeys: String, CodingKey { case command, arguments }

        init(from decoder: Decoder) throws {
            let members = try decoder.container(keyedBy: CodingKeys.self)
            command = try members.required(.command)
            arguments = members.ifWellFormed(.arguments)
        }
    }

    struct RegistrationParams: ServerRequestParams, Codable {
        static let method = "client/registerCapability"
        var registrations: [Registration]
    }

    struct Registration: Codable, Sendable {
        var id: String
        var method: String
        /// The server registers file watching only.
        var registerOptions: DidChangeWatchedFilesRegistrationOptions?
    }

    struct DidChangeWatchedFilesRegistrationOptions: Codable, Sendable {
        var watchers: [FileSystemWatcher]
    }

    struct FileSystemWatcher: Codable, Sendable {
        /// A glob pattern (relative patterns are not used).
        var globPattern: String
    }
}
