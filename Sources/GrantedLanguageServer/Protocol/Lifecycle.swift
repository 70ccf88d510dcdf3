/// `initialize`, `initialized`, `shutdown`, `exit`, and the `$/` notifications.
extension LSP {
    struct InitializeParams: RequestParams {
        static let method = "initialize"
        typealias Answer = InitializeResult

        /// What the client can do; a capability sent in a shape the server does not expect counts
        /// as not sent.
        let capabilities: ClientCapabilities
        let trace: String?
        /// nil when the client sent no array (LSP allows null): `rootUri`, then `rootPath`, name
        /// the one folder. Each folder the array holds must be well formed.
        let workspaceFolders: [WorkspaceFolder]?
        let rootUri: String?
        let rootPath: String?

        private enum CodingKeys: String, CodingKey { case capabilities, trace, workspaceFolders, rootUri, rootPath }

        init(from decoder: Decoder) throws {
            let members = try decoder.container(keyedBy: CodingKeys.self)
            capabilities = members.ifWellFormed(.capabilities) ?? ClientCapabilities()
            trace = members.ifWellFormed(.trace)
            workspaceFolders = try members.elementsIfArray(.workspaceFolders)
            rootUri = members.ifWellFormed(.rootUri)
            rootPath = members.ifWellFormed(.rootPath)
        }
    }

    /// The client capabilities the server acts on; every member is optional and read leniently.
    struct ClientCapabilities: Decodable, Sendable {
        var workspace: WorkspaceClientCapabilities?
        var textDocument: TextDocumentClientCapabilities?

        init() {}

        private enum CodingKeys: String, CodingKey { case workspace, textDocument }

        init(from decoder: Decoder) throws {
            let members = try decoder.container(keyedBy: CodingKeys.self)
            workspace = members.ifWellFormed(.workspace)
            textDocument = members.ifWellFormed(.textDocument)
        }
    }

    struct WorkspaceClientCapabilities: Decodable, Sendable {
        var didChangeWatchedFiles: DynamicRegistrationCapability?

        private enum CodingKeys: String, CodingKey { case didChangeWatchedFiles }

        init(from decoder: Decoder) throws {
            didChangeWatchedFiles = try decoder.container(keyedBy: CodingKeys.self).ifWellFormed(.didChangeWatchedFiles)
        }
    }

    /// Whether the client accepts `client/registerCapability` for a method.
    struct DynamicRegistrationCapability: Decodable, Sendable {
        var dynamicRegistration: Bool?

        private enum CodingKeys: String, CodingKey { case dynamicRegistration }

        init(from decoder: Decoder) throws {
            dynamicRegistration = try decoder.container(keyedBy: CodingKeys.self).ifWellFormed(.dynamicRegistration)
        }
    }

    struct TextDocumentClientCapabilities: Decodable, Sendable {
        var publishDiagnostics: PublishDiagnosticsClientCapabilities?
        var codeAction: CodeActionClientCapabilities?

        private enum CodingKeys: String, CodingKey { case publishDiagnostics, codeAction }

        init(from decoder: Decoder) throws {
            let members = try decoder.container(keyedBy: CodingKeys.self)
            publishDiagnostics = members.ifWellFormed(.publishDiagnostics)
            codeAction = members.ifWellFormed(.codeAction)
        }
    }

    struct PublishDiagnosticsClientCapabilities: Decodable, Sendable {
        var relatedInformation: Bool?

        private enum CodingKeys: String, CodingKey { case relatedInformation }

        init(from decoder: Decoder) throws {
            relatedInformation = try decoder.container(keyedBy: CodingKeys.self).ifWellFormed(.relatedInformation)
        }
    }

    struct CodeActionClientCapabilities: Decodable, Sendable {
        /// The members of a code action the client can fetch later with `codeAction/resolve`
        /// (the strings of `resolveSupport.properties`; anything else in the list is skipped).
        var resolvableProperties: [String]?

        private enum CodingKeys: String, CodingKey { case resolveSupport }
        private enum ResolveSupportKeys: String, CodingKey { case properties }

        init(from decoder: Decoder) throws {
            let members = try decoder.container(keyedBy: CodingKeys.self)
            let resolveSupport = try? members.nestedContainer(keyedBy: ResolveSupportKeys.self, forKey: .resolveSupport)
            resolvableProperties = resolveSupport?.ifWellFormed(.properties, as: [JSONValue].self)?.compactMap(\.stringValue)
        }
    }

    struct InitializeResult: Codable, Sendable {
        var capabilities: ServerCapabilities
        var serverInfo: ServerInfo?
    }

    struct ServerInfo: Codable, Sendable {
        var name: String
        var version: String?
    }

    /// What the server offers: exactly what docs/language-server.md lists.
    struct ServerCapabilities: Codable, Sendable {
        var positionEncoding: String?
        var textDocumentSync: TextDocumentSyncOptions?
        var diagnosticProvider: DiagnosticOptions?
        var codeActionProvider: CodeActionOptions?
        var hoverProvider: Bool?
        var executeCommandProvider: ExecuteCommandOptions?
        var workspace: WorkspaceServerCapabilities?
    }

    struct TextDocumentSyncOptions: Codable, Sendable {
        var openClose: Bool?
        var change: TextDocumentSyncKind?
        var save: SaveOptions?
    }

    enum TextDocumentSyncKind: Int, Codable, Sendable {
        case none = 0
        case full = 1
        case incremental = 2
    }

    struct SaveOptions: Codable, Sendable {
        var includeText: Bool?
    }

    struct DiagnosticOptions: Codable, Sendable {
        var identifier: String?
        var interFileDependencies: Bool
        var workspaceDiagnostics: Bool
    }

    struct CodeActionOptions: Codable, Sendable {
        var codeActionKinds: [String]?
        var resolveProvider: Bool?
    }

    struct ExecuteCommandOptions: Codable, Sendable {
        var commands: [String]
    }

    struct WorkspaceServerCapabilities: Codable, Sendable {
        var workspaceFolders: WorkspaceFoldersServerCapabilities?
    }

    struct WorkspaceFoldersServerCapabilities: Codable, Sendable {
        var supported: Bool?
        var changeNotifications: Bool?
    }

    struct InitializedParams: NotificationParams {
        static let method = "initialized"
        init(from decoder: Decoder) {}
    }

    /// `shutdown` has no params (any sent are ignored); its answer is null.
    struct ShutdownParams: RequestParams {
        static let method = "shutdown"
        typealias Answer = Null
        init(from decoder: Decoder) {}
    }

    /// `exit` has no params (any sent are ignored).
    struct ExitParams: NotificationParams {
        static let method = "exit"
        init(from decoder: Decoder) {}
    }

    struct SetTraceParams: NotificationParams {
        static let method = "$/setTrace"
        /// `off`, `messages` or `verbose`; kept as sent.
        let value: String

        private enum CodingKeys: String, CodingKey { case value }

        init(from decoder: Decoder) throws {
            value = try decoder.container(keyedBy: CodingKeys.self).required(.value)
        }
    }

    /// `$/cancelRequest`. A cancellation the server cannot read names no request it has, so
    /// nothing about it is an error: `id` is nil then.
    struct CancelParams: NotificationParams {
        static let method = "$/cancelRequest"
        let id: JSONRPC.ID?

        private enum CodingKeys: String, CodingKey { case id }

        init(from decoder: Decoder) {
            id = (try? decoder.container(keyedBy: CodingKeys.self))?.ifWellFormed(.id)
        }
    }
}
