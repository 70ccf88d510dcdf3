import GrantedDiscovery
import GrantedLinter
import GrantedWorkspace

/// Diagnostics pushed after each lint (`textDocument/publishDiagnostics`) and pulled
/// (`textDocument/diagnostic`, `workspace/diagnostic`), and how a finding becomes an LSP diagnostic.
extension LanguageServer {
    func publish(_ snapshot: LintedSnapshot, uri: String, open: OpenDocument) {
        if let problem = snapshot.problem, open.shownProblem != problem.reason {
            open.shownProblem = problem.reason
            showMessage(.warning, "granted-lint: \(Self.displayPath(open.path)) is not linted: \(problem.reason).")
        }
        if let error = snapshot.configurationError {
            showConfigurationError(error, uri: Self.uri(ofPath: absolute(error.path)))
        }
        publish(uri: uri, version: snapshot.version, diagnostics: diagnostics(of: snapshot, uri: uri))
    }

    func publish(uri: String, version: Int?, diagnostics: [LSP.Diagnostic]) {
        notify(LSP.PublishDiagnosticsParams(uri: uri, version: version, diagnostics: diagnostics))
    }

    func diagnostics(of snapshot: LintedSnapshot, uri: String) -> [LSP.Diagnostic] {
        guard let result = snapshot.result else { return [] }
        let converter = RangeConverter(document: snapshot.document, byteOrderMark: result.file.text.hadByteOrderMark)
        return result.diagnostics.map { lspDiagnostic($0, uri: uri, converter: converter) }
    }

    func lspDiagnostic(_ diagnostic: Diagnostic, uri: String, converter: RangeConverter) -> LSP.Diagnostic {
        var item = LSP.Diagnostic(
            range: converter.range(diagnostic.range),
            severity: Self.severity(diagnostic.severity),
            code: diagnostic.ruleId,
            codeDescription: LSP.CodeDescription(href: setup.ruleDocsURL(diagnostic.ruleId)),
            source: "granted-lint",
            message: diagnostic.message,
            data: LSP.DiagnosticData(ruleId: diagnostic.ruleId, fixable: diagnostic.fix != nil))
        var tags: [LSP.DiagnosticTag] = []
        if diagnostic.ruleId == EngineRules.unusedSuppression.id { tags.append(.unnecessary) }
        if diagnostic.ruleId == "deprecated-should-show-alert" || (diagnostic.ruleId == "removed-notification-api" && diagnostic.severity < .error) {
            tags.append(.deprecated)
        }
        if !tags.isEmpty { item.tags = tags }
        // The places of the finding, then the device's path step by step (docs/flows.md).
        if showsRelatedInformation, !(diagnostic.related.isEmpty && diagnostic.devicePath.isEmpty) {
            item.relatedInformation = (diagnostic.related + diagnostic.devicePath).map { related in
                guard let elsewhere = related.elsewhere else {
                    return LSP.DiagnosticRelatedInformation(location: LSP.Location(uri: uri, range: converter.range(related.range)), message: related.message)
                }
                // Another file (the provisional request): its positions were computed there.
                let range = LSP.Range(start: LSP.Position(line: elsewhere.start.line - 1, character: elsewhere.start.column - 1),
                                      end: LSP.Position(line: elsewhere.end.line - 1, character: elsewhere.end.column - 1))
                return LSP.DiagnosticRelatedInformation(location: LSP.Location(uri: Self.uri(ofPath: elsewhere.path), range: range), message: related.message)
            }
        }
        return item
    }

    static func severity(_ severity: Severity) -> LSP.DiagnosticSeverity {
        switch severity {
        case .error: return .error
        case .warning: return .warning
        case .note: return .information
        }
    }

    func documentDiagnostic(_ params: LSP.DocumentDiagnosticParams, reply: Reply<LSP.FullDocumentDiagnosticReport>) throws {
        let uri = params.textDocument.uri
        try withCurrentResult(uri, reply: reply) { _, snapshot in
            LSP.FullDocumentDiagnosticReport(resultId: "\(snapshot.version)", items: self.diagnostics(of: snapshot, uri: uri))
        }
    }

    /// Every file of every folder, open documents from their buffers.
    func workspaceDiagnostic(_ params: LSP.WorkspaceDiagnosticParams, reply: Reply<LSP.WorkspaceDiagnosticReport>) {
        let folders = self.folders
        let open = documents.values.map { (uri: $0.document.uri, path: $0.path, version: $0.document.version, document: $0.document) }
        lintQueue.async {
            var items: [LSP.WorkspaceFullDocumentDiagnosticReport] = []
            var reported = Set<String>()
            for folder in folders {
                if self.queue.sync(execute: { self.cancelled.contains(reply.id) }) { break }
                let workspace = folder.workspace
                // Every file of the folder with findings, open buffers read first, the folder's
                // evidence applied.
                for result in workspace.lintFolder() {
                    let path = absolute(result.file.path)
                    let openDocument = open.first { $0.path == path }
                    let uri = openDocument?.uri ?? Self.uri(ofPath: path)
                    guard reported.insert(uri).inserted else { continue }
                    let document = openDocument?.document ?? TextDocument(uri: uri, version: 0, bytes: result.file.text.bytes)
                    let converter = RangeConverter(document: document, byteOrderMark: result.file.text.hadByteOrderMark && openDocument != nil)
                    items.append(LSP.WorkspaceFullDocumentDiagnosticReport(
                        uri: uri, version: openDocument?.version,
                        items: result.diagnostics.map { self.lspDiagnostic($0, uri: uri, converter: converter) }))
                }
            }
            // Open documents without findings are reported too, so stale pulled results clear.
            for document in open where !reported.contains(document.uri) {
                let snapshot = Self.lint(document.document, path: document.path, in: self.queue.sync { self.workspace(for: document.path) })
                items.append(LSP.WorkspaceFullDocumentDiagnosticReport(uri: document.uri, version: document.version,
                                                                       items: self.diagnostics(of: snapshot, uri: document.uri)))
            }
            let report = LSP.WorkspaceDiagnosticReport(items: items)
            self.queue.async { reply(report) }
        }
    }
}
