import GrantedDiscovery
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import GrantedLinter
import GrantedSemantics
import GrantedWorkspace
import GrantedReporters
import GrantedSyntax

/// `granted-lint lsp`: LSP 3.17 over a pair of file descriptors (stdin/stdout). Messages are read
/// on the calling thread and handled, one at a time, on `queue`; linting runs on `lintQueue`, so a
/// long run never holds up the protocol. All state belongs to `queue`.
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

    static let fixAllKind = "source.fixAll.granted-lint"
    static let explainCommand = "granted-lint.explainRule"
    static let configurationGlob = "**/\(Configuration.fileName)"

    let setup: Setup
    let log: ServerLog
    private let output: MessageWriter
    private let queue = DispatchQueue(label: "granted-lint.lsp")
    private let lintQueue = DispatchQueue(label: "granted-lint.lsp.lint")

    // Lifecycle.
    private var initialized = false
    private var shutdownRequested = false
    private var trace = "off"

    // What the client can do.
    private var watchesFilesDynamically = false
    private var showsRelatedInformation = true
    /// The client can fetch a code action's edit later (`codeAction/resolve`).
    private var resolvesEdits = false

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

    private var folders: [Folder] = []
    /// For files outside every folder.
    private var looseFiles: Workspace!

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

    /// One lint of one version of a document.
    struct LintedSnapshot {
        let version: Int
        let document: TextDocument
        let result: FileResult?
        let problem: FileProblem?
        let configuration: Configuration?
        let configurationError: Configuration.LoadError?
        let workspace: Workspace
        /// Linting it changed the folder's provisional evidence: other open files may flip
        /// between live and latent.
        var evidenceChanged = false

        /// For the log.
        var summary: String {
            if let problem { return "not linted (\(problem.reason))" }
            guard let result else { return "not linted (excluded by the configuration)" }
            let count = result.diagnostics.count
            return "\(count) finding\(count == 1 ? "" : "s")\(result.recovery.map { ", parsed with error recovery at \($0.first.range.lowerBound) (\($0.first.description))" } ?? "")"
        }
    }

    private var documents: [String: OpenDocument] = [:]
    /// Documents waiting to be linted, in order; a run in progress takes them all when it ends.
    private var pendingLint: [String] = []
    private var lintRunning = false
    /// Configuration files whose errors are shown, by URI.
    private var configurationErrors: [String: Configuration.LoadError] = [:]
    /// Requests not answered yet, and those of them that a `$/cancelRequest` named.
    private var inFlight: Set<JSONRPC.ID> = []
    private var cancelled: Set<JSONRPC.ID> = []
    private var nextServerRequest = 1

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

    private func receive(_ body: [UInt8]) {
        switch JSONRPC.decode(body) {
        case let .failure(failure):
            log.error("bad message: \(failure.failure.message)")
            reply(failure.id, error: failure.failure)
        case let .success(.request(id, method, params)):
            handleRequest(id: id, method: method, params: params)
        case let .success(.notification(method, params)):
            handleNotification(method: method, params: params)
        case let .success(.response(id, _, error)):
            // Answers to our requests (registrations): nothing waits for them.
            if let error { log.info("the client answered request \(id?.description ?? "null") with an error: \(error["message"] ?? "")") }
        }
    }

    private func handleRequest(id: JSONRPC.ID, method: String, params: Any?) {
        if method != "initialize", !initialized {
            return reply(id, error: JSONRPC.Failure(JSONRPC.serverNotInitialized, "the server is not initialized"))
        }
        if shutdownRequested {
            return reply(id, error: JSONRPC.Failure(JSONRPC.invalidRequest, "the server is shutting down"))
        }
        inFlight.insert(id)
        do {
            switch method {
            case "initialize":
                reply(id, result: try initialize(params))
            case "shutdown":
                shutdownRequested = true
                reply(id, result: NSNull())
            case "textDocument/diagnostic":
                try documentDiagnostic(id: id, params: params)
            case "workspace/diagnostic":
                workspaceDiagnostic(id: id)
            case "textDocument/codeAction":
                try codeActions(id: id, params: params)
            case "codeAction/resolve":
                try resolveCodeAction(id: id, params: params)
            case "textDocument/hover":
                try hover(id: id, params: params)
            case "workspace/executeCommand":
                reply(id, result: try executeCommand(params))
            default:
                reply(id, error: JSONRPC.Failure(JSONRPC.methodNotFound, "unknown method \(method)"))
            }
        } catch let failure as JSONRPC.Failure {
            reply(id, error: failure)
        } catch {
            reply(id, error: JSONRPC.Failure(JSONRPC.internalError, "\(error)"))
        }
    }

    private func handleNotification(method: String, params: Any?) {
        if method == "exit" {
            log.info("exit\(shutdownRequested ? "" : " without shutdown")")
            Foundation.exit(shutdownRequested ? 0 : 1)
        }
        guard initialized, !shutdownRequested else {
            log.info("ignored \(method): \(initialized ? "shutting down" : "not initialized")")
            return
        }
        do {
            switch method {
            case "initialized":
                registerWatchers()
            case "textDocument/didOpen":
                try didOpen(params)
            case "textDocument/didChange":
                try didChange(params)
            case "textDocument/didClose":
                try didClose(params)
            case "textDocument/didSave":
                try didSave(params)
            case "workspace/didChangeWatchedFiles":
                try didChangeWatchedFiles(params)
            case "workspace/didChangeWorkspaceFolders":
                try didChangeWorkspaceFolders(params)
            case "$/cancelRequest":
                if let id = JSONRPC.ID((params as? [String: Any])?["id"]), inFlight.contains(id) { cancelled.insert(id) }
            case "$/setTrace":
                trace = (try Params(params).string("value"))
            default:
                // Unknown notifications (`$/…` ones included) are ignored, as the specification asks.
                log.info("ignored notification \(method)")
            }
        } catch let failure as JSONRPC.Failure {
            log.error("\(method): \(failure.message); ignored")
        } catch {
            log.error("\(method): \(error); ignored")
        }
    }

    private func reply(_ id: JSONRPC.ID?, result: Any) {
        if let id, cancelled.remove(id) != nil {
            return reply(id, error: JSONRPC.Failure(JSONRPC.requestCancelled, "cancelled"))
        }
        if let id { inFlight.remove(id) }
        output.send(["jsonrpc": "2.0", "id": id?.json ?? NSNull(), "result": result])
    }

    private func reply(_ id: JSONRPC.ID?, error: JSONRPC.Failure) {
        if let id {
            cancelled.remove(id)
            inFlight.remove(id)
        }
        output.send(["jsonrpc": "2.0", "id": id?.json ?? NSNull(), "error": ["code": error.code, "message": error.message]])
    }

    private func notify(_ method: String, _ params: [String: Any]) {
        output.send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    private func request(_ method: String, _ params: [String: Any]) {
        let id = "granted-lint-\(nextServerRequest)"
        nextServerRequest += 1
        output.send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
    }

    private func showMessage(_ type: Int, _ message: String) {
        notify("window/showMessage", ["type": type, "message": message])
    }

    // MARK: Lifecycle

    private func initialize(_ params: Any?) throws -> [String: Any] {
        if initialized { throw JSONRPC.Failure(JSONRPC.invalidRequest, "initialize was already called") }
        let params = try Params(params)
        let capabilities = params.optionalNested("capabilities")
        watchesFilesDynamically = capabilities?.optionalNested("workspace")?.optionalNested("didChangeWatchedFiles")?
            .object["dynamicRegistration"] as? Bool ?? false
        if let related = capabilities?.optionalNested("textDocument")?.optionalNested("publishDiagnostics")?.object["relatedInformation"] as? Bool {
            showsRelatedInformation = related
        }
        if let properties = capabilities?.optionalNested("textDocument")?.optionalNested("codeAction")?.optionalNested("resolveSupport")?
            .object["properties"] as? [Any] {
            resolvesEdits = properties.contains { $0 as? String == "edit" }
        }
        if let value = params.optionalString("trace") { trace = value }
        looseFiles = try makeWorkspace(root: "/")
        looseFiles.scansEvidenceRoot = false
        var roots: [(uri: String, path: String)] = []
        if let list = params.object["workspaceFolders"] as? [Any] {
            for item in list {
                let folder = try Params(item, "workspaceFolders[]")
                let uri = try folder.string("uri")
                if let path = Self.path(ofURI: uri) { roots.append((uri, path)) }
            }
        } else if let uri = params.optionalString("rootUri"), let path = Self.path(ofURI: uri) {
            roots.append((uri, path))
        } else if let path = params.optionalString("rootPath") {
            roots.append((Self.uri(ofPath: path), absolute(path)))
        }
        for root in roots { folders.append(Folder(uri: root.uri, path: root.path, workspace: try makeWorkspace(root: root.path))) }
        initialized = true
        log.info("initialized with \(folders.count) workspace folder\(folders.count == 1 ? "" : "s")\(folders.isEmpty ? "" : ": " + folders.map(\.path).joined(separator: ", "))")
        return [
            "capabilities": [
                "positionEncoding": "utf-16",
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]] as [String: Any],
                "diagnosticProvider": ["identifier": "granted-lint", "interFileDependencies": true, "workspaceDiagnostics": true] as [String: Any],
                "codeActionProvider": ["codeActionKinds": ["quickfix", Self.fixAllKind], "resolveProvider": true] as [String: Any],
                "hoverProvider": true,
                "executeCommandProvider": ["commands": [Self.explainCommand]],
                "workspace": ["workspaceFolders": ["supported": true, "changeNotifications": true]],
            ] as [String: Any],
            "serverInfo": ["name": LanguageServerInfo.name, "version": setup.version],
        ]
    }

    private func makeWorkspace(root: String) throws -> Workspace {
        do {
            return try Workspace(catalog: setup.catalog, root: root)
        } catch {
            throw JSONRPC.Failure(JSONRPC.internalError, "cannot set up the workspace \(root): \(error)")
        }
    }

    private func registerWatchers() {
        guard watchesFilesDynamically else { return }
        let sources = "**/*.{\(ProjectIndex.sourceExtensions.joined(separator: ","))}"
        request("client/registerCapability", ["registrations": [[
            "id": "granted-lint-watched-files",
            "method": "workspace/didChangeWatchedFiles",
            "registerOptions": ["watchers": [["globPattern": Self.configurationGlob], ["globPattern": sources]]],
        ] as [String: Any]]])
    }

    private func didChangeWorkspaceFolders(_ params: Any?) throws {
        let event = try Params(params).nested("event")
        for item in (event.object["removed"] as? [Any]) ?? [] {
            let uri = try Params(item, "removed[]").string("uri")
            folders.removeAll { $0.uri == uri }
        }
        for item in (event.object["added"] as? [Any]) ?? [] {
            let uri = try Params(item, "added[]").string("uri")
            guard let path = Self.path(ofURI: uri), !folders.contains(where: { $0.uri == uri }) else { continue }
            folders.append(Folder(uri: uri, path: path, workspace: try makeWorkspace(root: path)))
        }
        // Documents may now belong to another folder: their buffers and findings follow.
        for (_, open) in documents { workspace(for: open.path).setBuffer(open.document.bytes, forFile: open.path) }
        schedule(Array(documents.keys))
    }

    /// The workspace of the deepest folder holding the file, or the one for loose files.
    private func workspace(for path: String) -> Workspace {
        folders.filter { path == $0.path || path.hasPrefix($0.path == "/" ? "/" : $0.path + "/") }
            .max { $0.path.count < $1.path.count }?.workspace ?? looseFiles
    }

    // MARK: Documents

    private func documentParams(_ params: Any?) throws -> (params: Params, uri: String) {
        let params = try Params(params)
        return (params, try params.nested("textDocument").string("uri"))
    }

    private func openDocument(_ uri: String) throws -> OpenDocument {
        guard let open = documents[uri] else { throw JSONRPC.Failure(JSONRPC.invalidParams, "unknown document \(uri) (not open)") }
        return open
    }

    private func didOpen(_ params: Any?) throws {
        let item = try Params(params).nested("textDocument")
        let uri = try item.string("uri")
        guard let path = Self.path(ofURI: uri) else { throw JSONRPC.Failure(JSONRPC.invalidParams, "only file: URIs are linted (\(uri))") }
        let open = OpenDocument(document: TextDocument(uri: uri, version: try item.int("version"), text: try item.string("text")), path: path)
        documents[uri] = open
        documentChanged(open)
    }

    private func didChange(_ params: Any?) throws {
        let (params, uri) = try documentParams(params)
        let open = try openDocument(uri)
        let version = try params.nested("textDocument").int("version")
        for item in try params.array("contentChanges") {
            let change = try Params(item, "contentChanges[]")
            let text = try change.string("text")
            var range: (start: TextPosition, end: TextPosition)?
            if change.object["range"] != nil {
                let bounds = try change.nested("range")
                range = (try bounds.position("start"), try bounds.position("end"))
            }
            do {
                try open.document.apply(ContentChange(range: range, text: text))
            } catch {
                // The buffers no longer agree: say so rather than lint text the user does not see.
                showMessage(1, "granted-lint: an edit of \(uri) could not be applied (\(error.message)); close and reopen the file.")
                throw JSONRPC.Failure(JSONRPC.invalidParams, error.message)
            }
        }
        open.document.setVersion(version)
        documentChanged(open)
    }

    private func didClose(_ params: Any?) throws {
        let (_, uri) = try documentParams(params)
        guard let open = documents.removeValue(forKey: uri) else {
            throw JSONRPC.Failure(JSONRPC.invalidParams, "unknown document \(uri) (not open)")
        }
        pendingLint.removeAll { $0 == uri }
        let affected = workspace(for: open.path).setBuffer(nil, forFile: open.path)
        if configurationErrors[uri] == nil { publish(uri: uri, version: nil, diagnostics: []) }
        schedule(openDocuments(at: affected))
    }

    private func didSave(_ params: Any?) throws {
        let (_, uri) = try documentParams(params)
        guard let path = Self.path(ofURI: uri) else { return }
        if path.hasSuffix("/" + Configuration.fileName) {
            configurationChanged(path)
        } else if documents[uri] != nil {
            schedule([uri])
        }
    }

    private func didChangeWatchedFiles(_ params: Any?) throws {
        var configurationChanges: [String] = []
        var affected: Set<String> = []
        for item in try Params(params).array("changes") {
            let change = try Params(item, "changes[]")
            guard let path = Self.path(ofURI: try change.string("uri")) else { continue }
            if path.hasSuffix("/" + Configuration.fileName) {
                configurationChanges.append(path)
            } else {
                // An open document's buffer is its truth; any other file is read from disk again.
                let workspace = workspace(for: path)
                affected.formUnion(workspace.fileChanged(path))
                if documents.values.contains(where: { $0.path == path }) == false, workspace.rescanEvidence(of: path) {
                    // A provisional request appeared or went: every open file of the folder may flip.
                    affected.formUnion(documents.values.filter { self.workspace(for: $0.path) === workspace }.map(\.path))
                }
            }
        }
        for path in configurationChanges { configurationChanged(path) }
        schedule(openDocuments(at: affected))
    }

    private func openDocuments(at paths: Set<String>) -> [String] {
        documents.filter { paths.contains($0.value.path) }.map(\.key).sorted()
    }

    /// A document's text changed (or it was opened): the index learns the buffer, and the document
    /// and the open files that import it are linted again.
    private func documentChanged(_ open: OpenDocument) {
        open.result = nil
        if open.path.hasSuffix("/" + Configuration.fileName) { return }
        let affected = workspace(for: open.path).setBuffer(open.document.bytes, forFile: open.path)
        schedule([open.document.uri] + openDocuments(at: affected).filter { $0 != open.document.uri })
    }

    // MARK: Configuration

    /// A configuration file changed: every workspace forgets its configurations, the file is
    /// checked (an error is shown on it, and the last good configuration stays in force), and the
    /// open documents are linted again.
    private func configurationChanged(_ path: String) {
        log.info("configuration changed: \(path)")
        for workspace in folders.map(\.workspace) + (looseFiles.map { [$0] } ?? []) {
            try? workspace.reloadConfigurations()
        }
        let uri = Self.uri(ofPath: path)
        if FileManager.default.fileExists(atPath: path) {
            do {
                _ = try Configuration.load(path: path, knownRuleIds: setup.catalog.knownRuleIds)
                clearConfigurationError(uri)
            } catch let error as Configuration.LoadError {
                showConfigurationError(error, uri: uri)
            } catch {
                showConfigurationError(Configuration.LoadError(path: path, line: nil, message: "\(error)"), uri: uri)
            }
        } else {
            clearConfigurationError(uri)
        }
        schedule(Array(documents.keys).sorted())
    }

    private func showConfigurationError(_ error: Configuration.LoadError, uri: String) {
        let isNew = configurationErrors[uri]?.description != error.description
        configurationErrors[uri] = error
        guard isNew else { return }
        let line = max(0, (error.line ?? 1) - 1)
        publish(uri: uri, version: nil, diagnostics: [[
            "range": ["start": ["line": line, "character": 0], "end": ["line": line + 1, "character": 0]],
            "severity": 1, "source": "granted-lint", "code": "invalid-configuration",
            "message": "\(error.message) (the last valid configuration stays in force until this is fixed)",
        ] as [String: Any]])
        showMessage(1, "granted-lint: \(Self.displayPath(error.path))\(error.line.map { ":\($0)" } ?? ""): \(error.message); the last valid configuration stays in force.")
    }

    private func clearConfigurationError(_ uri: String) {
        guard configurationErrors.removeValue(forKey: uri) != nil else { return }
        publish(uri: uri, version: nil, diagnostics: [])
    }

    // MARK: Linting

    /// Debouncing: a run starts at once when none is running; edits made during a run wait for it
    /// and are linted together, newest text only, when it ends.
    private func schedule(_ uris: [String]) {
        // A configuration file open in the editor is not source: its diagnostics are its errors.
        for uri in uris where !pendingLint.contains(uri) {
            guard let open = documents[uri], !open.path.hasSuffix("/" + Configuration.fileName) else { continue }
            pendingLint.append(uri)
        }
        startLintIfIdle()
    }

    private func startLintIfIdle() {
        guard !lintRunning, !pendingLint.isEmpty else { return }
        lintRunning = true
        let batch = pendingLint.compactMap { uri in documents[uri].map { (uri: uri, path: $0.path, document: $0.document) } }
        pendingLint = []
        let targets = batch.map { (entry: $0, workspace: workspace(for: $0.path)) }
        lintQueue.async {
            var snapshots: [(uri: String, snapshot: LintedSnapshot)] = []
            for target in targets {
                // A newer edit already waits for this document: its result would be dropped anyway.
                if self.queue.sync(execute: { self.documents[target.entry.uri]?.document.version != target.entry.document.version }) { continue }
                let started = DispatchTime.now().uptimeNanoseconds
                let snapshot = Self.lint(target.entry.document, path: target.entry.path, in: target.workspace)
                snapshots.append((target.entry.uri, snapshot))
                let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
                self.log.info(String(format: "linted %@ (version %d) in %.1f ms: %@", Self.displayPath(target.entry.path), snapshot.version, milliseconds, snapshot.summary))
            }
            let finished = snapshots
            self.queue.async {
                self.lintRunning = false
                var evidenceChangedIn: [ObjectIdentifier] = []
                for (uri, snapshot) in finished {
                    if snapshot.evidenceChanged { evidenceChangedIn.append(ObjectIdentifier(snapshot.workspace)) }
                    // Stale: the document changed (or closed) while it was linted; never published.
                    guard let open = self.documents[uri], open.document.version == snapshot.version else { continue }
                    open.result = snapshot
                    self.publish(snapshot, uri: uri, open: open)
                }
                if !evidenceChangedIn.isEmpty {
                    let linted = Set(finished.map(\.uri))
                    self.schedule(self.documents.filter { uri, open in
                        !linted.contains(uri) && evidenceChangedIn.contains(ObjectIdentifier(self.workspace(for: open.path)))
                    }.map(\.key).sorted())
                }
                self.startLintIfIdle()
            }
        }
    }

    /// Lints one version of a document (on the lint queue).
    static func lint(_ document: TextDocument, path: String, in workspace: Workspace) -> LintedSnapshot {
        let (configuration, configurationError) = workspace.configurationKeepingLastGood(forFile: path)
        guard configuration.lints(path) else {
            return LintedSnapshot(version: document.version, document: document, result: nil, problem: nil,
                                  configuration: configuration, configurationError: configurationError, workspace: workspace)
        }
        let outcome = workspace.lint(path: path, bytes: document.bytes, configuration: configuration)
        switch outcome {
        case let .success(linted):
            // Live or latent: by what the whole folder says about provisional requests, this
            // buffer's text included.
            let (evidence, evidenceChanged) = workspace.updateEvidence(of: path, with: linted.provisionalEvidence)
            let root = workspace.root
            let result = Workspace.applying(evidence, mode: configuration.provisional, to: linted) { path in
                path.hasPrefix(root == "/" ? "/" : root + "/") ? String(path.dropFirst(root == "/" ? 1 : root.count + 1)) : path
            }
            var snapshot = LintedSnapshot(version: document.version, document: document, result: result, problem: nil,
                                          configuration: configuration, configurationError: configurationError, workspace: workspace)
            snapshot.evidenceChanged = evidenceChanged
            return snapshot
        case let .failure(problem):
            return LintedSnapshot(version: document.version, document: document, result: nil, problem: problem,
                                  configuration: configuration, configurationError: configurationError, workspace: workspace)
        }
    }

    private func publish(_ snapshot: LintedSnapshot, uri: String, open: OpenDocument) {
        if let problem = snapshot.problem, open.shownProblem != problem.reason {
            open.shownProblem = problem.reason
            showMessage(2, "granted-lint: \(Self.displayPath(open.path)) is not linted: \(problem.reason).")
        }
        if let error = snapshot.configurationError {
            showConfigurationError(error, uri: Self.uri(ofPath: absolute(error.path)))
        }
        publish(uri: uri, version: snapshot.version, diagnostics: diagnostics(of: snapshot, uri: uri))
    }

    private func publish(uri: String, version: Int?, diagnostics: [[String: Any]]) {
        var params: [String: Any] = ["uri": uri, "diagnostics": diagnostics]
        if let version { params["version"] = version }
        notify("textDocument/publishDiagnostics", params)
    }

    private func diagnostics(of snapshot: LintedSnapshot, uri: String) -> [[String: Any]] {
        guard let result = snapshot.result else { return [] }
        let converter = RangeConverter(document: snapshot.document, byteOrderMark: result.file.text.hadByteOrderMark)
        return result.diagnostics.map { lspDiagnostic($0, uri: uri, converter: converter) }
    }

    func lspDiagnostic(_ diagnostic: Diagnostic, uri: String, converter: RangeConverter) -> [String: Any] {
        var item: [String: Any] = [
            "range": converter.range(diagnostic.range),
            "severity": Self.severityCode(diagnostic.severity),
            "code": diagnostic.ruleId,
            "codeDescription": ["href": setup.ruleDocsURL(diagnostic.ruleId)],
            "source": "granted-lint",
            "message": diagnostic.message,
            "data": ["ruleId": diagnostic.ruleId, "fixable": diagnostic.fix != nil] as [String: Any],
        ]
        var tags: [Int] = []
        if diagnostic.ruleId == EngineRules.unusedSuppression.id { tags.append(1) }
        if diagnostic.ruleId == "deprecated-should-show-alert" || (diagnostic.ruleId == "removed-notification-api" && diagnostic.severity < .error) {
            tags.append(2)
        }
        if !tags.isEmpty { item["tags"] = tags }
        if showsRelatedInformation, !diagnostic.related.isEmpty {
            item["relatedInformation"] = diagnostic.related.map { related in
                guard let elsewhere = related.elsewhere else {
                    return ["location": ["uri": uri, "range": converter.range(related.range)], "message": related.message] as [String: Any]
                }
                // Another file (the provisional request): its positions were computed there.
                let range: [String: Any] = [
                    "start": ["line": elsewhere.start.line - 1, "character": elsewhere.start.column - 1],
                    "end": ["line": elsewhere.end.line - 1, "character": elsewhere.end.column - 1],
                ]
                return ["location": ["uri": Self.uri(ofPath: elsewhere.path), "range": range], "message": related.message] as [String: Any]
            }
        }
        return item
    }

    static func severityCode(_ severity: Severity) -> Int {
        switch severity {
        case .error: return 1
        case .warning: return 2
        case .note: return 3
        }
    }

    /// Answers a request from the findings of the document's current text: the last run's when it
    /// is current, otherwise a new lint. `body` runs on the lint queue, like every use of the
    /// workspace's linters and parsers (they are not thread-safe); the answer goes out from the
    /// protocol queue.
    private func withCurrentResult(_ uri: String, id: JSONRPC.ID, _ body: @escaping (_ path: String, LintedSnapshot) throws -> Any) throws {
        let open = try openDocument(uri)
        let current = open.result.flatMap { $0.version == open.document.version ? $0 : nil }
        let document = open.document
        let path = open.path
        let workspace = workspace(for: path)
        lintQueue.async {
            let snapshot = current ?? Self.lint(document, path: path, in: workspace)
            let answer: Result<Any, JSONRPC.Failure>
            do {
                answer = .success(try body(path, snapshot))
            } catch let failure as JSONRPC.Failure {
                answer = .failure(failure)
            } catch {
                answer = .failure(JSONRPC.Failure(JSONRPC.internalError, "\(error)"))
            }
            self.queue.async {
                if current == nil, open.document.version == snapshot.version, self.documents[uri] === open { open.result = snapshot }
                switch answer {
                case let .success(result): self.reply(id, result: result)
                case let .failure(failure): self.reply(id, error: failure)
                }
            }
        }
    }

    private func documentDiagnostic(id: JSONRPC.ID, params: Any?) throws {
        let (_, uri) = try documentParams(params)
        try withCurrentResult(uri, id: id) { _, snapshot in
            ["kind": "full", "resultId": "\(snapshot.version)", "items": self.diagnostics(of: snapshot, uri: uri)] as [String: Any]
        }
    }

    /// Every file of every folder, open documents from their buffers.
    private func workspaceDiagnostic(id: JSONRPC.ID) {
        let folders = self.folders
        let open = documents.values.map { (uri: $0.document.uri, path: $0.path, version: $0.document.version, document: $0.document) }
        lintQueue.async {
            var items: [[String: Any]] = []
            var reported = Set<String>()
            for folder in folders {
                if self.queue.sync(execute: { self.cancelled.contains(id) }) { break }
                let workspace = folder.workspace
                guard let found = try? FileDiscovery(resolver: workspace.configurations, excludes: [], respectsIgnoreFiles: true).discover([folder.path]) else { continue }
                let outcomes = (try? workspace.lint(files: found.files) { path in
                    if let buffer = workspace.buffer(of: path) { return .success(buffer) }
                    return FileReader.read(path, maxSize: workspace.settings.maxFileSize)
                }) ?? []
                let evidence = workspace.rootEvidence()
                let root = folder.path
                for outcome in outcomes {
                    guard case let .success(linted) = outcome.result, !linted.diagnostics.isEmpty else { continue }
                    let mode = workspace.configurationKeepingLastGood(forFile: linted.file.path).configuration.provisional
                    let result = Workspace.applying(evidence, mode: mode, to: linted) { path in
                        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
                    }
                    let path = absolute(result.file.path)
                    let openDocument = open.first { $0.path == path }
                    let uri = openDocument?.uri ?? Self.uri(ofPath: path)
                    guard reported.insert(uri).inserted else { continue }
                    let document = openDocument?.document ?? TextDocument(uri: uri, version: 0, bytes: result.file.text.bytes)
                    let converter = RangeConverter(document: document, byteOrderMark: result.file.text.hadByteOrderMark && openDocument != nil)
                    items.append([
                        "kind": "full", "uri": uri, "version": openDocument.map { $0.version as Any } ?? NSNull(),
                        "items": result.diagnostics.map { self.lspDiagnostic($0, uri: uri, converter: converter) },
                    ])
                }
            }
            // Open documents without findings are reported too, so stale pulled results clear.
            for document in open where !reported.contains(document.uri) {
                let snapshot = Self.lint(document.document, path: document.path, in: self.queue.sync { self.workspace(for: document.path) })
                items.append(["kind": "full", "uri": document.uri, "version": document.version, "items": self.diagnostics(of: snapshot, uri: document.uri)])
            }
            let report = items
            self.queue.async { self.reply(id, result: ["items": report]) }
        }
    }

    // MARK: Code actions, hover, commands

    private func codeActions(id: JSONRPC.ID, params: Any?) throws {
        let (params, uri) = try documentParams(params)
        let bounds = try params.nested("range")
        let start = try bounds.position("start")
        let end = try bounds.position("end")
        let only = (params.optionalNested("context")?.object["only"] as? [Any])?.compactMap { $0 as? String }
        func wanted(_ kind: String) -> Bool {
            guard let only else { return true }
            return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
        }
        let resolvesEdits = self.resolvesEdits
        try withCurrentResult(uri, id: id) { path, snapshot in
            guard let result = snapshot.result else { return [] as [Any] }
            let document = snapshot.document
            let converter = RangeConverter(document: document, byteOrderMark: result.file.text.hadByteOrderMark)
            let lower = converter.offset(document.offset(of: start))
            let upper = max(lower, converter.offset(document.offset(of: end)))
            var actions: [[String: Any]] = []
            let touched = result.diagnostics.filter { $0.range.lowerBound <= upper && lower <= $0.range.upperBound }
            if wanted("quickfix") {
                for diagnostic in touched {
                    let lspDiagnostic = self.lspDiagnostic(diagnostic, uri: uri, converter: converter)
                    if let fix = diagnostic.fix {
                        var title = fix.title
                        if diagnostic.ruleId == EngineRules.unusedSuppression.id {
                            title = "Remove unused suppression"
                        } else if fix.applicability == .unsafe, !title.lowercased().contains("unsafe") {
                            title += " (unsafe)"
                        }
                        actions.append([
                            "title": title, "kind": "quickfix", "diagnostics": [lspDiagnostic],
                            "isPreferred": fix.applicability == .safe,
                            "edit": ["changes": [uri: fix.edits.map { ["range": converter.range($0.range), "newText": $0.replacement] as [String: Any] }]],
                        ])
                    }
                    if diagnostic.ruleId != EngineRules.unusedSuppression.id {
                        actions.append([
                            "title": "Disable \(diagnostic.ruleId) for this line", "kind": "quickfix", "diagnostics": [lspDiagnostic],
                            "edit": ["changes": [uri: [Self.suppressionEdit(for: diagnostic, in: result.file.text, converter: converter)]]],
                        ])
                    }
                }
            }
            if wanted(Self.fixAllKind), result.diagnostics.contains(where: { $0.fix?.applicability == .safe }) {
                // Fix-all re-lints the document until nothing changes: worth it when asked for by
                // kind (`editor.codeActionsOnSave`), otherwise left to `codeAction/resolve` so that
                // the requests editors send on every cursor move stay cheap.
                let title = "Fix all safe granted-lint problems"
                if only != nil, let edit = Self.fixAllEdit(snapshot, path: path, uri: uri) {
                    actions.append(["title": title, "kind": Self.fixAllKind, "edit": edit])
                } else if only == nil, resolvesEdits {
                    actions.append(["title": title, "kind": Self.fixAllKind, "data": ["uri": uri, "version": snapshot.version] as [String: Any]])
                }
            }
            return actions
        }
    }

    /// The edit of the fix-all action (nil when no safe fix applies).
    static func fixAllEdit(_ snapshot: LintedSnapshot, path: String, uri: String) -> [String: Any]? {
        guard let configuration = snapshot.configuration,
              let fixed = snapshot.workspace.fixedText(path: path, bytes: snapshot.document.bytes, configuration: configuration, applicability: .safe)
        else { return nil }
        return ["changes": [uri: [replacementEdit(from: snapshot.document, to: fixed)]]]
    }

    /// `codeAction/resolve`: the fix-all action's edit, for the version it was offered on.
    private func resolveCodeAction(id: JSONRPC.ID, params: Any?) throws {
        let action = try Params(params)
        guard action.optionalString("kind") == Self.fixAllKind, let data = action.optionalNested("data") else {
            // Every other action is complete already.
            return reply(id, result: action.object)
        }
        let uri = try data.string("uri")
        let version = try data.int("version")
        guard documents[uri]?.document.version == version else {
            throw JSONRPC.Failure(JSONRPC.contentModified, "the document changed since the action was offered")
        }
        try withCurrentResult(uri, id: id) { path, snapshot in
            var resolved = action.object
            resolved["edit"] = Self.fixAllEdit(snapshot, path: path, uri: uri) ?? ["changes": [String: Any]()]
            return resolved
        }
    }

    /// `// granted-lint-disable-next-line <rule>` above the finding's line, indented like it, with
    /// the line's own line break.
    static func suppressionEdit(for diagnostic: Diagnostic, in text: SourceText, converter: RangeConverter) -> [String: Any] {
        let line = text.lineIndex(containing: diagnostic.range.lowerBound)
        let lineRange = text.lineRange(line)
        let bytes = text.bytes
        var indentationEnd = lineRange.lowerBound
        while indentationEnd < lineRange.upperBound, bytes[indentationEnd] == 0x20 || bytes[indentationEnd] == 0x09 { indentationEnd += 1 }
        let indentation = String(decoding: bytes[lineRange.lowerBound..<indentationEnd], as: UTF8.self)
        var lineBreak = "\n"
        var end = lineRange.upperBound
        while end < bytes.count, bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
        if end + 1 < bytes.count, bytes[end] == 0x0D, bytes[end + 1] == 0x0A { lineBreak = "\r\n" } else if end < bytes.count, bytes[end] == 0x0D { lineBreak = "\r" }
        let start = converter.range(lineRange.lowerBound..<lineRange.lowerBound)
        return ["range": start, "newText": "\(indentation)// granted-lint-disable-next-line \(diagnostic.ruleId)\(lineBreak)"]
    }

    /// One edit that turns the document into `fixed`: the changed middle only, so the editor keeps
    /// the cursor and folds outside it.
    static func replacementEdit(from document: TextDocument, to fixed: [UInt8]) -> [String: Any] {
        let old = document.bytes
        var prefix = 0
        while prefix < old.count, prefix < fixed.count, old[prefix] == fixed[prefix] { prefix += 1 }
        // Never split a UTF-8 sequence.
        while prefix > 0, prefix < old.count, old[prefix] & 0xC0 == 0x80 { prefix -= 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < fixed.count - prefix, old[old.count - 1 - suffix] == fixed[fixed.count - 1 - suffix] { suffix += 1 }
        while suffix > 0, old.count - suffix < old.count, old[old.count - suffix] & 0xC0 == 0x80 { suffix -= 1 }
        let range: [String: Any] = [
            "start": Self.json(document.position(of: prefix)), "end": Self.json(document.position(of: old.count - suffix)),
        ]
        return ["range": range, "newText": String(decoding: fixed[prefix..<(fixed.count - suffix)], as: UTF8.self)]
    }

    static func json(_ position: TextPosition) -> [String: Any] { ["line": position.line, "character": position.character] }

    private func hover(id: JSONRPC.ID, params: Any?) throws {
        let (params, uri) = try documentParams(params)
        let position = try params.position("position")
        try withCurrentResult(uri, id: id) { _, snapshot in
            guard let result = snapshot.result else { return NSNull() }
            let converter = RangeConverter(document: snapshot.document, byteOrderMark: result.file.text.hadByteOrderMark)
            let offset = converter.offset(snapshot.document.offset(of: position))
            let found = result.diagnostics.filter { $0.range.lowerBound <= offset && offset <= $0.range.upperBound }
            guard !found.isEmpty else { return NSNull() }
            // Each finding in its parts: the message, then the notes and the help line the
            // diagnostic itself leaves out, then the rule's page.
            var seen = Set<String>()
            let sections = found.filter { seen.insert($0.ruleId + "\u{0}" + $0.message).inserted }.map { diagnostic -> String in
                var section = "**granted-lint** `\(diagnostic.ruleId)`: \(diagnostic.message)"
                for note in diagnostic.notes { section += "\n\n*note:* \(note)" }
                if let help = diagnostic.help { section += "\n\n*help:* \(help)" }
                if let fix = diagnostic.fix { section += "\n\n*\(fix.applicability == .safe ? "fix" : "suggested fix")*: \(fix.title)" }
                return section + "\n\n[Rule documentation](\(self.setup.ruleDocsURL(diagnostic.ruleId)))"
            }
            let covering = found.map(\.range).reduce(found[0].range) { min($0.lowerBound, $1.lowerBound)..<max($0.upperBound, $1.upperBound) }
            return [
                "contents": ["kind": "markdown", "value": sections.joined(separator: "\n\n---\n\n")],
                "range": converter.range(covering),
            ] as [String: Any]
        }
    }

    private func executeCommand(_ params: Any?) throws -> Any {
        let params = try Params(params)
        let command = try params.string("command")
        guard command == Self.explainCommand else { throw JSONRPC.Failure(JSONRPC.invalidParams, "unknown command \(command)") }
        guard let id = (params.object["arguments"] as? [Any])?.first as? String else {
            throw JSONRPC.Failure(JSONRPC.invalidParams, "\(command) takes one argument, a rule id")
        }
        guard let description = setup.catalog.description(of: id) else { throw JSONRPC.Failure(JSONRPC.invalidParams, "unknown rule id \(id)") }
        return RuleDocs.page(for: description)
    }

    // MARK: URIs

    static func path(ofURI uri: String) -> String? {
        guard uri.hasPrefix("file:"), let url = URL(string: uri), url.isFileURL else { return nil }
        let path = url.path
        return path.isEmpty ? nil : absolute(path)
    }

    static func uri(ofPath path: String) -> String {
        URL(fileURLWithPath: absolute(path)).absoluteString
    }

    static func displayPath(_ path: String) -> String { GrantedDiscovery.displayPath(path) }
}

/// Byte ranges of the engine ↔ LSP ranges of a document (the engine's offsets leave out a
/// byte-order mark).
struct RangeConverter {
    let document: TextDocument
    let shift: Int

    init(document: TextDocument, byteOrderMark: Bool) {
        self.document = document
        shift = byteOrderMark ? 3 : 0
    }

    func range(_ range: Range<Int>) -> [String: Any] {
        ["start": LanguageServer.json(document.position(of: range.lowerBound + shift)),
         "end": LanguageServer.json(document.position(of: range.upperBound + shift))]
    }

    /// An engine offset from a document offset.
    func offset(_ documentOffset: Int) -> Int { max(0, documentOffset - shift) }
}

/// Writes framed messages to the output, whole, from any thread.
final class MessageWriter: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()

    init(descriptor: Int32) { self.descriptor = descriptor }

    func send(_ message: [String: Any]) {
        let frame = MessageFramer.frame(JSONRPC.encode(message))
        lock.lock()
        defer { lock.unlock() }
        var written = 0
        while written < frame.count {
            let count = frame.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, frame.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                return
            }
            written += count
        }
    }
}

/// The server's log: stderr (stdout is the protocol), and a file when `--log-file` asks.
final class ServerLog: @unchecked Sendable {
    private let descriptor: Int32
    private let file: FileHandle?
    private let lock = NSLock()

    init(descriptor: Int32, path: String?) {
        self.descriptor = descriptor
        if let path {
            if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
            file = FileHandle(forWritingAtPath: path)
            _ = try? file?.seekToEnd()
        } else {
            file = nil
        }
    }

    func info(_ message: String) { write("INFO", message) }
    func error(_ message: String) { write("ERROR", message) }

    private func write(_ level: String, _ message: String) {
        let line = Array("[granted-lint \(level) \(ISO8601DateFormatter().string(from: Date()))] \(message)\n".utf8)
        lock.lock()
        defer { lock.unlock() }
        _ = line.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        file?.write(Data(line))
    }
}
