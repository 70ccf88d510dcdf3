import GrantedWorkspace

/// `textDocument/didOpen`, `didChange`, `didClose`, `didSave`: the buffers the server lints.
extension LanguageServer {
    func didOpen(_ params: LSP.DidOpenTextDocumentParams) throws {
        let item = params.textDocument
        guard let path = Self.path(ofURI: item.uri) else { throw JSONRPC.Failure(JSONRPC.invalidParams, "only file: URIs are linted (\(item.uri))") }
        let open = OpenDocument(document: TextDocument(uri: item.uri, version: item.version, text: item.text), path: path)
        documents[item.uri] = open
        documentChanged(open)
    }

    func didChange(_ params: LSP.DidChangeTextDocumentParams) throws {
        let uri = params.textDocument.uri
        let open = try openDocument(uri)
        for change in params.contentChanges {
            do {
                try open.document.apply(ContentChange(range: change.range.map { ($0.start.textPosition, $0.end.textPosition) }, text: change.text))
            } catch {
                // The buffers no longer agree: say so rather than lint text the user does not see.
                showMessage(.error, "granted-lint: an edit of \(uri) could not be applied (\(error.message)); close and reopen the file.")
                throw JSONRPC.Failure(JSONRPC.invalidParams, error.message)
            }
        }
        open.document.setVersion(params.textDocument.version)
        documentChanged(open)
    }

    func didClose(_ params: LSP.DidCloseTextDocumentParams) throws {
        let uri = params.textDocument.uri
        guard let open = documents.removeValue(forKey: uri) else {
            throw JSONRPC.Failure(JSONRPC.invalidParams, "unknown document \(uri) (not open)")
        }
        pendingLint.removeAll { $0 == uri }
        let affected = workspace(for: open.path).setBuffer(nil, forFile: open.path)
        if configurationErrors[uri] == nil { publish(uri: uri, version: nil, diagnostics: []) }
        schedule(openDocuments(at: affected))
    }

    func didSave(_ params: LSP.DidSaveTextDocumentParams) {
        let uri = params.textDocument.uri
        guard let path = Self.path(ofURI: uri) else { return }
        if path.hasSuffix("/" + Configuration.fileName) {
            configurationChanged(path)
        } else if documents[uri] != nil {
            schedule([uri])
        }
    }

    /// A document's text changed (or it was opened): the index learns the buffer, and the document
    /// and the open files that import it are linted again.
    func documentChanged(_ open: OpenDocument) {
        open.result = nil
        if open.path.hasSuffix("/" + Configuration.fileName) { return }
        let affected = workspace(for: open.path).setBuffer(open.document.bytes, forFile: open.path)
        schedule([open.document.uri] + openDocuments(at: affected).filter { $0 != open.document.uri })
    }
}
