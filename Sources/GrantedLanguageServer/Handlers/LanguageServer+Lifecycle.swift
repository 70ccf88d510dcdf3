import Foundation
import GrantedDiscovery
import GrantedSemantics
import GrantedWorkspace

/// `initialize`, `initialized`, `shutdown`, `exit`, `$/setTrace`, `$/cancelRequest`.
extension LanguageServer {
    func initialize(_ params: LSP.InitializeParams, reply: Reply<LSP.InitializeResult>) throws {
        let capabilities = params.capabilities
        watchesFilesDynamically = capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration ?? false
        if let related = capabilities.textDocument?.publishDiagnostics?.relatedInformation {
            showsRelatedInformation = related
        }
        if let properties = capabilities.textDocument?.codeAction?.resolvableProperties {
            resolvesEdits = properties.contains("edit")
        }
        if let value = params.trace { trace = value }
        looseFiles = try makeWorkspace(root: "/")
        looseFiles.scansEvidenceRoot = false
        var roots: [(uri: String, path: String)] = []
        if let workspaceFolders = params.workspaceFolders {
            for folder in workspaceFolders {
                if let path = Self.path(ofURI: folder.uri) { roots.append((folder.uri, path)) }
            }
        } else if let uri = params.rootUri, let path = Self.path(ofURI: uri) {
            roots.append((uri, path))
        } else if let path = params.rootPath {
            roots.append((Self.uri(ofPath: path), absolute(path)))
        }
        for root in roots { folders.append(Folder(uri: root.uri, path: root.path, workspace: try makeWorkspace(root: root.path))) }
        initialized = true
        log.info("initialized with \(folders.count) workspace folder\(folders.count == 1 ? "" : "s")\(folders.isEmpty ? "" : ": " + folders.map(\.path).joined(separator: ", "))")
        reply(LSP.InitializeResult(
            capabilities: LSP.ServerCapabilities(
                positionEncoding: "utf-16",
                textDocumentSync: LSP.TextDocumentSyncOptions(openClose: true, change: .incremental, save: LSP.SaveOptions(includeText: false)),
                diagnosticProvider: LSP.DiagnosticOptions(identifier: "granted-lint", interFileDependencies: true, workspaceDiagnostics: true),
                codeActionProvider: LSP.CodeActionOptions(codeActionKinds: [LSP.CodeActionKind.quickFix, LSP.CodeActionKind.fixAll], resolveProvider: true),
                hoverProvider: true,
                executeCommandProvider: LSP.ExecuteCommandOptions(commands: [Self.explainCommand]),
                workspace: LSP.WorkspaceServerCapabilities(
                    workspaceFolders: LSP.WorkspaceFoldersServerCapabilities(supported: true, changeNotifications: true))),
            serverInfo: LSP.ServerInfo(name: LanguageServerInfo.name, version: setup.version)))
    }

    func makeWorkspace(root: String) throws -> Workspace {
        do {
            return try Workspace(catalog: setup.catalog, root: root)
        } catch {
            throw JSONRPC.Failure(JSONRPC.internalError, "cannot set up the workspace \(root): \(error)")
        }
    }

    /// Registers the watching of configuration and source files, when the client can.
    func initialized(_ params: LSP.InitializedParams) {
        guard watchesFilesDynamically else { return }
        let sources = "**/*.{\(ProjectIndex.sourceExtensions.joined(separator: ","))}"
        request(LSP.RegistrationParams(registrations: [LSP.Registration(
            id: "granted-lint-watched-files",
            method: LSP.DidChangeWatchedFilesParams.method,
            registerOptions: LSP.DidChangeWatchedFilesRegistrationOptions(watchers: [
                LSP.FileSystemWatcher(globPattern: Self.configurationGlob), LSP.FileSystemWatcher(globPattern: sources),
            ]))]))
    }

    func shutdown(_ params: LSP.ShutdownParams, reply: Reply<LSP.Null>) {
        shutdownRequested = true
        reply(LSP.Null())
    }

    func exit(_ params: LSP.ExitParams) {
        log.info("exit\(shutdownRequested ? "" : " without shutdown")")
        Foundation.exit(shutdownRequested ? 0 : 1)
    }

    func setTrace(_ params: LSP.SetTraceParams) {
        trace = params.value
    }

    /// Marks a request still in flight as cancelled: its answer becomes RequestCancelled, and the
    /// work that checks (`workspace/diagnostic`) stops early.
    func cancelRequest(_ params: LSP.CancelParams) {
        if let id = params.id, inFlight.contains(id) { cancelled.insert(id) }
    }
}
