import GrantedLinter
import GrantedSyntax

/// `textDocument/codeAction` and `codeAction/resolve`: each finding's fix, "disable for this line",
/// and the fix-all action.
extension LanguageServer {
    func codeActions(_ params: LSP.CodeActionParams, reply: Reply<[LSP.CodeAction]>) throws {
        let uri = params.textDocument.uri
        let start = params.range.start.textPosition
        let end = params.range.end.textPosition
        let only = params.context?.only
        func wanted(_ kind: String) -> Bool {
            guard let only else { return true }
            return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
        }
        let resolvesEdits = self.resolvesEdits
        try withCurrentResult(uri, reply: reply) { path, snapshot in
            guard let result = snapshot.result else { return [] }
            let document = snapshot.document
            let converter = RangeConverter(document: document, byteOrderMark: result.file.text.hadByteOrderMark)
            let lower = converter.offset(document.offset(of: start))
            let upper = max(lower, converter.offset(document.offset(of: end)))
            var actions: [LSP.CodeAction] = []
            let touched = result.diagnostics.filter { $0.range.lowerBound <= upper && lower <= $0.range.upperBound }
            if wanted(LSP.CodeActionKind.quickFix) {
                for diagnostic in touched {
                    let lspDiagnostic = self.lspDiagnostic(diagnostic, uri: uri, converter: converter)
                    if let fix = diagnostic.fix {
                        var title = fix.title
                        if diagnostic.ruleId == EngineRules.unusedSuppression.id {
                            title = "Remove unused suppression"
                        } else if fix.applicability == .unsafe, !title.lowercased().contains("unsafe") {
                            title += " (unsafe)"
                        }
                        let edits = fix.edits.map { LSP.TextEdit(range: converter.range($0.range), newText: $0.replacement) }
                        actions.append(LSP.CodeAction(
                            title: title, kind: LSP.CodeActionKind.quickFix, diagnostics: [lspDiagnostic],
                            isPreferred: fix.applicability == .safe, edit: LSP.WorkspaceEdit(changes: [uri: edits])))
                    }
                    if diagnostic.ruleId != EngineRules.unusedSuppression.id {
                        actions.append(LSP.CodeAction(
                            title: "Disable \(diagnostic.ruleId) for this line", kind: LSP.CodeActionKind.quickFix, diagnostics: [lspDiagnostic],
                            edit: LSP.WorkspaceEdit(changes: [uri: [Self.suppressionEdit(for: diagnostic, in: result.file.text, converter: converter)]])))
                    }
                }
            }
            if wanted(LSP.CodeActionKind.fixAll), result.diagnostics.contains(where: { $0.fix?.applicability == .safe }) {
                // Fix-all re-lints the document until nothing changes: worth it when asked for by
                // kind (`editor.codeActionsOnSave`), otherwise left to `codeAction/resolve` so that
                // the requests editors send on every cursor move stay cheap.
                let title = "Fix all safe granted-lint problems"
                if only != nil, let edit = Self.fixAllEdit(snapshot, path: path, uri: uri) {
                    actions.append(LSP.CodeAction(title: title, kind: LSP.CodeActionKind.fixAll, edit: edit))
                } else if only == nil, resolvesEdits {
                    actions.append(LSP.CodeAction(title: title, kind: LSP.CodeActionKind.fixAll,
                                                  data: LSP.FixAllData(uri: uri, version: snapshot.version)))
                }
            }
            return actions
        }
    }

    /// The edit of the fix-all action (nil when no safe fix applies).
    static func fixAllEdit(_ snapshot: LintedSnapshot, path: String, uri: String) -> LSP.WorkspaceEdit? {
        guard let configuration = snapshot.configuration,
              let fixed = snapshot.workspace.fixedText(path: path, bytes: snapshot.document.bytes, configuration: configuration, applicability: .safe)
        else { return nil }
        return LSP.WorkspaceEdit(changes: [uri: [replacementEdit(from: snapshot.document, to: fixed)]])
    }

    /// `codeAction/resolve`: the fix-all action's edit, for the version it was offered on; any
    /// other action is complete already and comes back as it was sent.
    func resolveCodeAction(_ params: LSP.CodeActionResolveParams, reply: Reply<LSP.ResolvedCodeAction>) throws {
        guard let fixAll = params.fixAll else {
            return reply(LSP.ResolvedCodeAction(members: params.members))
        }
        guard documents[fixAll.uri]?.document.version == fixAll.version else {
            throw JSONRPC.Failure(JSONRPC.contentModified, "the document changed since the action was offered")
        }
        try withCurrentResult(fixAll.uri, reply: reply) { path, snapshot in
            LSP.ResolvedCodeAction(members: params.members,
                                   edit: Self.fixAllEdit(snapshot, path: path, uri: fixAll.uri) ?? LSP.WorkspaceEdit(changes: [:]))
        }
    }

    /// `// granted-lint-disable-next-line <rule>` above the finding's line, indented like it, with
    /// the line's own line break.
    static func suppressionEdit(for diagnostic: Diagnostic, in text: SourceText, converter: RangeConverter) -> LSP.TextEdit {
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
        return LSP.TextEdit(range: start, newText: "\(indentation)// granted-lint-disable-next-line \(diagnostic.ruleId)\(lineBreak)")
    }

    /// One edit that turns the document into `fixed`: the changed middle only, so the editor keeps
    /// the cursor and folds outside it.
    static func replacementEdit(from document: TextDocument, to fixed: [UInt8]) -> LSP.TextEdit {
        let old = document.bytes
        var prefix = 0
        while prefix < old.count, prefix < fixed.count, old[prefix] == fixed[prefix] { prefix += 1 }
        // Never split a UTF-8 sequence.
        while prefix > 0, prefix < old.count, old[prefix] & 0xC0 == 0x80 { prefix -= 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < fixed.count - prefix, old[old.count - 1 - suffix] == fixed[fixed.count - 1 - suffix] { suffix += 1 }
        while suffix > 0, old.count - suffix < old.count, old[old.count - suffix] & 0xC0 == 0x80 { suffix -= 1 }
        let range = LSP.Range(start: LSP.Position(document.position(of: prefix)), end: LSP.Position(document.position(of: old.count - suffix)))
        return LSP.TextEdit(range: range, newText: String(decoding: fixed[prefix..<(fixed.count - suffix)], as: UTF8.self))
    }
}
