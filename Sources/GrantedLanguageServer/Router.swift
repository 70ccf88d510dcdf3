/// Which handler each method goes to. A route is made from a params type (which names its method
/// and, for a request, the type of its answer) and a handler taking exactly that type; decoding
/// the message decodes the params into it, so a handler never sees a member of the wrong type,
/// and params that do not decode are answered with InvalidParams before any handler runs.
struct Router: Sendable {
    /// A request's handler with its params, to run on the protocol queue.
    typealias RequestCall = (LanguageServer, JSONRPC.ID) throws -> Void
    /// A notification's handler with its params, to run on the protocol queue.
    typealias NotificationCall = (LanguageServer) throws -> Void

    struct RequestRoute: Sendable {
        let bind: @Sendable (Decoder) throws -> RequestCall

        init<Params: LSP.RequestParams>(_ params: Params.Type,
                                        _ handle: @escaping @Sendable (LanguageServer, Params, Reply<Params.Answer>) throws -> Void) {
            bind = { decoder in
                let params = try Params(from: decoder)
                return { server, id in try handle(server, params, Reply(id: id, server: server)) }
            }
        }
    }

    struct NotificationRoute: Sendable {
        let bind: @Sendable (Decoder) throws -> NotificationCall

        init<Params: LSP.NotificationParams>(_ params: Params.Type, _ handle: @escaping @Sendable (LanguageServer, Params) throws -> Void) {
            bind = { decoder in
                let params = try Params(from: decoder)
                return { server in try handle(server, params) }
            }
        }
    }

    let requests: [String: RequestRoute]
    let notifications: [String: NotificationRoute]

    /// A method routed twice is a mistake in the table: it stops the server at its first message.
    init(requests: [(String, RequestRoute)], notifications: [(String, NotificationRoute)]) {
        self.requests = Dictionary(uniqueKeysWithValues: requests)
        self.notifications = Dictionary(uniqueKeysWithValues: notifications)
    }

    /// No method known: every message decodes with its params unread.
    static let none = Router(requests: [], notifications: [])

    /// How `JSONRPC.decode` finds the routes while it decodes.
    static let userInfoKey = CodingUserInfoKey(rawValue: "granted-lint.router")!

    /// The methods of `granted-lint lsp`. Anything else is answered MethodNotFound (a request) or
    /// ignored (a notification), as LSP asks.
    static let server = Router(
        requests: [
            route(LSP.InitializeParams.self) { try $0.initialize($1, reply: $2) },
            route(LSP.ShutdownParams.self) { $0.shutdown($1, reply: $2) },
            route(LSP.DocumentDiagnosticParams.self) { try $0.documentDiagnostic($1, reply: $2) },
            route(LSP.WorkspaceDiagnosticParams.self) { $0.workspaceDiagnostic($1, reply: $2) },
            route(LSP.CodeActionParams.self) { try $0.codeActions($1, reply: $2) },
            route(LSP.CodeActionResolveParams.self) { try $0.resolveCodeAction($1, reply: $2) },
            route(LSP.HoverParams.self) { try $0.hover($1, reply: $2) },
            route(LSP.ExecuteCommandParams.self) { try $0.executeCommand($1, reply: $2) },
        ],
        notifications: [
            route(LSP.InitializedParams.self) { $0.initialized($1) },
            route(LSP.ExitParams.self) { $0.exit($1) },
            route(LSP.DidOpenTextDocumentParams.self) { try $0.didOpen($1) },
            route(LSP.DidChangeTextDocumentParams.self) { try $0.didChange($1) },
            route(LSP.DidCloseTextDocumentParams.self) { try $0.didClose($1) },
            route(LSP.DidSaveTextDocumentParams.self) { $0.didSave($1) },
            route(LSP.DidChangeWatchedFilesParams.self) { $0.didChangeWatchedFiles($1) },
            route(LSP.DidChangeWorkspaceFoldersParams.self) { try $0.didChangeWorkspaceFolders($1) },
            route(LSP.CancelParams.self) { $0.cancelRequest($1) },
            route(LSP.SetTraceParams.self) { $0.setTrace($1) },
        ])

    static func route<Params: LSP.RequestParams>(_ params: Params.Type,
                                                 _ handle: @escaping @Sendable (LanguageServer, Params, Reply<Params.Answer>) throws -> Void)
        -> (String, RequestRoute) {
        (Params.method, RequestRoute(params, handle))
    }

    static func route<Params: LSP.NotificationParams>(_ params: Params.Type, _ handle: @escaping @Sendable (LanguageServer, Params) throws -> Void)
        -> (String, NotificationRoute) {
        (Params.method, NotificationRoute(params, handle))
    }
}

/// The answer to one request, sent from the protocol queue: at once by the handler, or later by
/// the lint queue's work through the protocol queue. A request answered after a `$/cancelRequest`
/// naming it gets RequestCancelled instead.
struct Reply<Answer: Encodable & Sendable>: Sendable {
    let id: JSONRPC.ID
    let server: LanguageServer

    func callAsFunction(_ answer: Answer) {
        server.reply(id, result: answer)
    }

    func fail(_ failure: JSONRPC.Failure) {
        server.reply(id, error: failure)
    }
}

extension LanguageServer {
    /// A request: refused outside the lifecycle's order (before `initialize`, after `shutdown`, a
    /// second `initialize`), MethodNotFound without a route, InvalidParams when its params did
    /// not decode; otherwise its handler answers, and an error it throws is the answer.
    func handleRequest(id: JSONRPC.ID, method: String, call: Result<Router.RequestCall, JSONRPC.Failure>?) {
        if method != LSP.InitializeParams.method, !initialized {
            return reply(id, error: JSONRPC.Failure(JSONRPC.serverNotInitialized, "the server is not initialized"))
        }
        if shutdownRequested {
            return reply(id, error: JSONRPC.Failure(JSONRPC.invalidRequest, "the server is shutting down"))
        }
        inFlight.insert(id)
        if method == LSP.InitializeParams.method, initialized {
            return reply(id, error: JSONRPC.Failure(JSONRPC.invalidRequest, "initialize was already called"))
        }
        guard let call else {
            return reply(id, error: JSONRPC.Failure(JSONRPC.methodNotFound, "unknown method \(method)"))
        }
        do {
            try call.get()(self, id)
        } catch let failure as JSONRPC.Failure {
            reply(id, error: failure)
        } catch {
            reply(id, error: JSONRPC.Failure(JSONRPC.internalError, "\(error)"))
        }
    }

    /// A notification: `exit` at any time; others only between `initialize` and `shutdown`.
    /// Nothing is ever answered: unknown methods and params that did not decode are logged.
    func handleNotification(method: String, call: Result<Router.NotificationCall, JSONRPC.Failure>?) {
        guard method == LSP.ExitParams.method || initialized && !shutdownRequested else {
            log.info("ignored \(method): \(initialized ? "shutting down" : "not initialized")")
            return
        }
        guard let call else {
            // Unknown notifications (`$/…` ones included) are ignored, as the specification asks.
            log.info("ignored notification \(method)")
            return
        }
        do {
            try call.get()(self)
        } catch let failure as JSONRPC.Failure {
            log.error("\(method): \(failure.message); ignored")
        } catch {
            log.error("\(method): \(error); ignored")
        }
    }
}
