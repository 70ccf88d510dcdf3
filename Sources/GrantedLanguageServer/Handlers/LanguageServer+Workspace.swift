import Foundation
import GrantedWorkspace

/// The workspace: folders added and removed, files changed on disk, configuration files.
extension LanguageServer {
    func didChangeWorkspaceFolders(_ params: LSP.DidChangeWorkspaceFoldersParams) throws {
        for folder in params.event.removed {
            folders.removeAll { $0.uri == folder.uri }
        }
        for folder in params.event.added {
            guard let path = Self.path(ofURI: folder.uri), !folders.contains(where: { $0.uri == folder.uri }) else { continue }
            folders.append(Folder(uri: folder.uri, path: path, workspace: try makeWorkspace(root: path)))
        }
        // Documents may now belong to another folder: their buffers and findings follow.
        for (_, open) in documents { workspace(for: open.path).setBuffer(open.document.bytes, forFile: open.path) }
        schedule(Array(documents.keys))
    }

    /// The workspace of the deepest folder holding the file, or the one for loose files.
    func workspace(for path: String) -> Workspace {
        folders.filter { path == $0.path || path.hasPrefix($0.path == "/" ? "/" : $0.path + "/") }
            .max { $0.path.count < $1.path.count }?.workspace ?? looseFiles
    }

    func didChangeWatchedFiles(_ params: LSP.DidChangeWatchedFilesParams) {
        var configurationChanges: [String] = []
        var affected: Set<String> = []
        for change in params.changes {
            guard let path = Self.path(ofURI: change.uri) else { continue }
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

    // MARK: Configuration

    /// A configuration file changed: every workspace forgets its configurations, the file is
    /// checked (an error is shown on it, and the last good configuration stays in force), and the
    /// open documents are linted again.
    func configurationChanged(_ path: String) {
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

    func showConfigurationError(_ error: Configuration.LoadError, uri: String) {
        let isNew = configurationErrors[uri]?.description != error.description
        configurationErrors[uri] = error
        guard isNew else { return }
        let line = max(0, (error.line ?? 1) - 1)
        publish(uri: uri, version: nil, diagnostics: [LSP.Diagnostic(
            range: LSP.Range(start: LSP.Position(line: line, character: 0), end: LSP.Position(line: line + 1, character: 0)),
            severity: .error, code: "invalid-configuration", source: "granted-lint",
            message: "\(error.message) (the last valid configuration stays in force until this is fixed)")])
        showMessage(.error, "granted-lint: \(Self.displayPath(error.path))\(error.line.map { ":\($0)" } ?? ""): \(error.message); the last valid configuration stays in force.")
    }

    func clearConfigurationError(_ uri: String) {
        guard configurationErrors.removeValue(forKey: uri) != nil else { return }
        publish(uri: uri, version: nil, diagnostics: [])
    }
}
