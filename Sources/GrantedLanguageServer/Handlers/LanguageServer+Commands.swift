import GrantedReporters

/// `workspace/executeCommand`: `granted-lint.explainRule`, a rule's page.
extension LanguageServer {
    func executeCommand(_ params: LSP.ExecuteCommandParams, reply: Reply<String>) throws {
        let command = params.command
        guard command == Self.explainCommand else { throw JSONRPC.Failure(JSONRPC.invalidParams, "unknown command \(command)") }
        guard let id = params.arguments?.first?.stringValue else {
            throw JSONRPC.Failure(JSONRPC.invalidParams, "\(command) takes one argument, a rule id")
        }
        guard let description = setup.catalog.description(of: id) else { throw JSONRPC.Failure(JSONRPC.invalidParams, "unknown rule id \(id)") }
        reply(RuleDocs.page(for: description))
    }
}
