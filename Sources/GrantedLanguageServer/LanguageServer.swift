import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import GrantedDiscovery
import GrantedLinter
import GrantedWorkspace

/// `granted-lint lsp`: LSP 3.17 over a pair of file descriptors (stdin/stdout). Messages are read
/// on the calling thread and handled, one at a time, on `queue`; linting runs on `lintQueue`, so a
/// long run never holds up the protocol. All state belongs to `queue`.
///
/// This type holds the connection, the queues and the state. The messages are the types of
/// `LSP` (Protocol/), `Router` sends each method to its handler, and the handlers are grouped by
/// concern in Handlers/.
public final class LanguageServer: @unchecked Sendable {
    public struct Setup {
        public let catalog: RuleCatalog
        public let version: String
        /// The documentation page of a rule (`codeDescription.href`, hover links).
        public let ruleDocsURL: (String) -> String
        public let logFile: String?

        public init(catalog: RuleCatalog, version: String, ruleDocsURL: @escaping (String) -> String, logFile: String? = nil) {
            self.catalog = catalog
            self.version = version
            self.ruleDocsURL = ruleDocsURL
            self.logFile = logFile
        }
    }

    static let explainCommand = "granted-lint.explainRule"
    static let configurationGlob = "**/\(Configuration.fileName)"

    let setup: Setup
    let log: ServerLog
    let output: MessageWriter
    let queue = DispatchQueue(label: "granted-lint.lsp")
    let lintQueue = DispatchQueue(label: "granted-lint.lsp.lint")

    // Lifecycle.
    var initialized = false
    var shutdownRequested = false
    var trace = "off"

    // What the client can do.
    var watchesFilesDynamically = false
    var showsRelatedInformation = true
    /// The client can fetch a code action's edit later (`codeAction/resolve`).
    var resolvesEdits = false

    /// A workspace folder with the engine's workspace for it.
    final class Folder {
        let uri: String
        let path: String
        let workspace: Workspace
        init(uri: String, path: String, workspace: Workspace) {
            self.uri = uri
            self.path = path
            self.workspace = workspace
        }
    }

    var folders: [Folder] = []
    /// For files outside every folder.
    var looseFiles: Workspace!

    final class OpenDocument {
        var document: TextDocument
        let path: String
        /// The findings of the current version, once linted.
        var result: LintedSnapshot?
        /// A problem already shown for this document (too large, not text), so it is shown once.
        var shownProblem: String?
        init(document: TextDocument, path: String) {
            self.document = document
            self.path = path
        }
    }

    var documents: [String: OpenDocument] = [:]
    /// Documents waiting to be linted, in order; a run in progress takes them all when it ends.
    var pendingLint: [String] = []
    var lintRunning = false
    /// Configuration files whose errors are shown, by URI.
    var configurationErrors: [String: Configuration.LoadError] = [:]
    /// Requests not answered yet, and those of them that a `$/cancelRequest` named.
    var inFlight: Set<JSONRPC.ID> = []
    var cancelled: Set<JSONRPC.ID> = []
    var nextServerRequest = 1

    public init(setup: Setup, outputDescriptor: Int32 = STDOUT_FILENO, logDescriptor: Int32 = STDERR_FILENO) {
        self.setup = setup
        log = ServerLog(descriptor: logDescriptor, path: setup.logFile)
        output = MessageWriter(descriptor: outputDescriptor)
    }

    /// Serves until `exit` or the end of the input; returns the exit code (0 after `shutdown`).
    public func run(inputDescriptor: Int32 = STDIN_FILENO) -> Int32 {
        log.info("granted-lint \(setup.version) language server started (pid \(getpid()))")
        var framer = MessageFramer()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inputDescriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                log.error("reading the input failed: \(String(cString: strerror(errno)))")
                break
            }
            if count == 0 { break }
            for event in framer.append(buffer[0..<count]) {
                switch event {
                case let .message(body):
                    queue.async { self.receive(body) }
                case let .framingError(message):
                    log.error("malformed frame: \(message)")
                }
            }
        }
        if framer.hasPartialFrame { log.error("the input ended inside a message") }
        // The client went away: finish what was read, then stop as `exit` would.
        return queue.sync { shutdownRequested ? 0 : 1 }
    }

    // MARK: Messages

    func receive(_ body: [UInt8]) {
        switch JSONRPC.decode(body, routes: .server) {
        case let .failure(failure):
            log.error("bad message: \(failure.failure.message)")
            reply(failure.id, error: failure.failure)
        case let .success(.request(id, method, call)):
            handleRequest(id: id, method: method, call: call)
        case let .success(.notification(method, call)):
            handleNotification(method: method, call: call)
        case let .success(.response(id, _, error)):
            // Answers to our requests (registrations): nothing waits for them.
            if let error { log.info("the client answered request \(id?.description ?? "null") with an error: \(error.message ?? "")") }
        }
    }

    func reply<Answer: Encodable>(_ id: JSONRPC.ID, result: Answer) {
        if cancelled.remove(id) != nil {
            return reply(id, error: JSONRPC.Failure(JSONRPC.requestCancelled, "cancelled"))
        }
        inFlight.remove(id)
        output.send(JSONRPC.Response(id: id, result: result))
    }

    func reply(_ id: JSONRPC.ID?, error: JSONRPC.Failure) {
        if let id {
            cancelled.remove(id)
            inFlight.remove(id)
        }
        output.send(JSONRPC.ErrorResponse(id: id, error: .init(code: error.code, message: error.message)))
    }

    func notify<Params: LSP.ServerNotificationParams>(_ params: Params) {
        output.send(JSONRPC.Notification(method: Params.method, params: params))
    }

    /// A request to the client; its answer is only logged (`receive`).
    func request<Params: LSP.ServerRequestParams>(_ params: Params) {
        let id = JSONRPC.ID.string("granted-lint-\(nextServerRequest)")
        nextServerRequest += 1
        output.send(JSONRPC.Request(id: id, method: Params.method, params: params))
    }

    func showMessage(_ type: LSP.MessageType, _ message: String) {
        notify(LSP.ShowMessageParams(type: type, message: message))
    }
}
