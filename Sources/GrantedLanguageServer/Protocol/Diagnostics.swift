/// Diagnostics: pushed (`textDocument/publishDiagnostics`) and pulled (`textDocument/diagnostic`,
/// `workspace/diagnostic`).
extension LSP {
    struct Diagnostic: Codable, Hashable, Sendable {
        var range: Range
        var severity: DiagnosticSeverity?
        /// The rule id (LSP allows an integer too; the server never sends one).
        var code: String?
        var codeDescription: CodeDescription?
        var source: String?
        var message: String
        var tags: [DiagnosticTag]?
        var relatedInformation: [DiagnosticRelatedInformation]?
        var data: DiagnosticData?

        init(range: Range, severity: DiagnosticSeverity? = nil, code: String? = nil, codeDescription: CodeDescription? = nil,
             source: String? = nil, message: String, tags: [DiagnosticTag]? = nil,
             relatedInformation: [DiagnosticRelatedInformation]? = nil, data: DiagnosticData? = nil) {
            self.range = range
            self.severity = severity
            self.code = code
            self.codeDescription = codeDescription
            self.source = source
            self.message = message
            self.tags = tags
            self.relatedInformation = relatedInformation
            self.data = data
        }
    }

    enum DiagnosticSeverity: Int, Codable, Hashable, Sendable {
        case error = 1
        case warning = 2
        case information = 3
        case hint = 4
    }

    enum DiagnosticTag: Int, Codable, Hashable, Sendable {
        case unnecessary = 1
        case deprecated = 2
    }

    struct CodeDescription: Codable, Hashable, Sendable {
        var href: String
    }

    struct DiagnosticRelatedInformation: Codable, Hashable, Sendable {
        var location: Location
        var message: String
    }

    /// What granted-lint keeps in a diagnostic's `data`, for clients that look.
    struct DiagnosticData: Codable, Hashable, Sendable {
        var ruleId: String
        var fixable: Bool
    }

    struct PublishDiagnosticsParams: ServerNotificationParams, Codable {
        static let method = "textDocument/publishDiagnostics"
        var uri: String
        /// The document version linted; left out for a file the client has not open (a
        /// configuration file's errors, a closed document's empty list).
        var version: Int?
        var diagnostics: [Diagnostic]
    }

    /// Its `identifier` and `previousResultId` are not read: every answer is a full report.
    struct DocumentDiagnosticParams: RequestParams {
        static let method = "textDocument/diagnostic"
        typealias Answer = FullDocumentDiagnosticReport
        let textDocument: TextDocumentIdentifier

        private enum CodingKeys: String, CodingKey { case textDocument }

        init(from decoder: Decoder) throws {
            textDocument = try decoder.container(keyedBy: CodingKeys.self).required(.textDocument)
        }
    }

    enum DocumentDiagnosticReportKind: String, Codable, Sendable {
        case full
        case unchanged
    }

    struct FullDocumentDiagnosticReport: Codable, Sendable {
        var kind = DocumentDiagnosticReportKind.full
        var resultId: String?
        var items: [Diagnostic]

        init(resultId: String?, items: [Diagnostic]) {
            self.resultId = resultId
            self.items = items
        }
    }

    /// Nothing of these params is read (an answer is always every file in full), and params the
    /// server cannot read are no error.
    struct WorkspaceDiagnosticParams: RequestParams {
        static let method = "workspace/diagnostic"
        typealias Answer = WorkspaceDiagnosticReport
        init(from decoder: Decoder) {}
    }

    struct WorkspaceDiagnosticReport: Codable, Sendable {
        var items: [WorkspaceFullDocumentDiagnosticReport]
    }

    struct WorkspaceFullDocumentDiagnosticReport: Codable, Sendable {
        var kind = DocumentDiagnosticReportKind.full
        var uri: String
        /// The open document's version; sent as null for a file read from disk, as LSP asks.
        var version: Int?
        var items: [Diagnostic]

        init(uri: String, version: Int?, items: [Diagnostic]) {
            self.uri = uri
            self.version = version
            self.items = items
        }

        private enum CodingKeys: String, CodingKey { case kind, uri, version, items }

        func encode(to encoder: Encoder) throws {
            var members = encoder.container(keyedBy: CodingKeys.self)
            try members.encode(kind, forKey: .kind)
            try members.encode(uri, forKey: .uri)
            if let version { try members.encode(version, forKey: .version) } else { try members.encodeNil(forKey: .version) }
            try members.encode(items, forKey: .items)
        }
    }
}
