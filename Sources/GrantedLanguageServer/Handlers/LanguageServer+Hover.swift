import GrantedLinter

/// `textDocument/hover`: the findings under the cursor, each in its parts.
extension LanguageServer {
    func hover(_ params: LSP.HoverParams, reply: Reply<LSP.Hover?>) throws {
        let position = params.position.textPosition
        try withCurrentResult(params.textDocument.uri, reply: reply) { _, snapshot in
            guard let result = snapshot.result else { return nil }
            let converter = RangeConverter(document: snapshot.document, byteOrderMark: result.file.text.hadByteOrderMark)
            let offset = converter.offset(snapshot.document.offset(of: position))
            let found = result.diagnostics.filter { $0.range.lowerBound <= offset && offset <= $0.range.upperBound }
            guard !found.isEmpty else { return nil }
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
            return LSP.Hover(contents: LSP.MarkupContent(kind: .markdown, value: sections.joined(separator: "\n\n---\n\n")),
                             range: converter.range(covering))
        }
    }
}
