import Foundation
@testable import GrantedLanguageServer
import Testing

/// A message's `params` decoded as the router decodes them (absent or null included).
private struct ParamsEnvelope<T: Decodable>: Decodable {
    let params: Result<T, JSONRPC.Failure>
    private enum CodingKeys: String, CodingKey { case params }
    init(from decoder: Decoder) throws {
        let members = try decoder.container(keyedBy: CodingKeys.self)
        params = Result { try T(from: members.superDecoder(forKey: .params)) }.mapError { JSONRPC.Failure(invalidParams: $0) }
    }
}

/// The message types against JSON written as the LSP 3.17 specification writes it: what decodes
/// from a client's message, and what the server's JSON looks like, member for member.
@Suite struct ProtocolTests {
    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    /// The params as the router decodes them: a failure is the InvalidParams answer.
    func params<T: Decodable>(_ type: T.Type, _ json: String) -> Result<T, JSONRPC.Failure> {
        // Force-tried: the test writes the envelope itself.
        try! JSONDecoder().decode(ParamsEnvelope<T>.self, from: Data(#"{"params":\#(json)}"#.utf8)).params
    }

    func failure<T>(_ result: Result<T, JSONRPC.Failure>) -> String? {
        if case let .failure(failure) = result { return "\(failure.code) \(failure.message)" }
        return nil
    }

    /// JSON as a value, so that member order and spacing do not count.
    func json(_ text: String) throws -> JSONValue { try decode(JSONValue.self, text) }

    func json<T: Encodable>(of value: T) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }

    @Test func positionsAndRangesRoundTrip() throws {
        let text = #"{ "start": { "line": 5, "character": 23 }, "end" : { "line": 6, "character": 0 } }"#
        let range = try decode(LSP.Range.self, text)
        #expect(range == LSP.Range(start: LSP.Position(line: 5, character: 23), end: LSP.Position(line: 6, character: 0)))
        #expect(try json(of: range) == json(text))
        #expect(range.start.textPosition == TextPosition(line: 5, character: 23))
    }

    @Test func aDiagnosticAsTheServerSendsIt() throws {
        let text = """
        {
          "range": { "start": { "line": 3, "character": 9 }, "end": { "line": 3, "character": 29 } },
          "severity": 1,
          "code": "provisional-blind-check",
          "codeDescription": { "href": "https://example.com/provisional-blind-check" },
          "source": "granted-lint",
          "message": "`status === 'granted'` rejects provisionally authorized iOS devices",
          "tags": [2],
          "relatedInformation": [{
            "location": { "uri": "file:///app/src/ask.ts", "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 4 } } },
            "message": "the provisional request"
          }],
          "data": { "ruleId": "provisional-blind-check", "fixable": false }
        }
        """
        let diagnostic = LSP.Diagnostic(
            range: LSP.Range(start: LSP.Position(line: 3, character: 9), end: LSP.Position(line: 3, character: 29)),
            severity: .error, code: "provisional-blind-check",
            codeDescription: LSP.CodeDescription(href: "https://example.com/provisional-blind-check"), source: "granted-lint",
            message: "`status === 'granted'` rejects provisionally authorized iOS devices", tags: [.deprecated],
            relatedInformation: [LSP.DiagnosticRelatedInformation(
                location: LSP.Location(uri: "file:///app/src/ask.ts",
                                       range: LSP.Range(start: LSP.Position(line: 0, character: 0), end: LSP.Position(line: 0, character: 4))),
                message: "the provisional request")],
            data: LSP.DiagnosticData(ruleId: "provisional-blind-check", fixable: false))
        #expect(try json(of: diagnostic) == json(text))
        #expect(try decode(LSP.Diagnostic.self, text) == diagnostic)
    }

    /// A member that is nil is left out, never sent as null.
    @Test func absentMembersAreLeftOut() throws {
        let bare = LSP.Diagnostic(range: LSP.Range(start: LSP.Position(line: 0, character: 0), end: LSP.Position(line: 1, character: 0)),
                                  message: "m")
        #expect(try json(of: bare) == json(#"{"range":{"start":{"line":0,"character":0},"end":{"line":1,"character":0}},"message":"m"}"#))
        let closed = LSP.PublishDiagnosticsParams(uri: "file:///a.ts", version: nil, diagnostics: [])
        #expect(try json(of: closed) == json(#"{"uri":"file:///a.ts","diagnostics":[]}"#))
        let action = LSP.CodeAction(title: "Fix all safe granted-lint problems", kind: LSP.CodeActionKind.fixAll,
                                    data: LSP.FixAllData(uri: "file:///a.ts", version: 4))
        #expect(try json(of: action) == json(#"""
            {"title":"Fix all safe granted-lint problems","kind":"source.fixAll.granted-lint","data":{"uri":"file:///a.ts","version":4}}
            """#))
    }

    /// Where LSP or JSON-RPC says null, null is written.
    @Test func nullWhereTheProtocolSaysNull() throws {
        let report = LSP.WorkspaceFullDocumentDiagnosticReport(uri: "file:///a.ts", version: nil, items: [])
        #expect(try json(of: report) == json(#"{"kind":"full","uri":"file:///a.ts","version":null,"items":[]}"#))
        let open = LSP.WorkspaceFullDocumentDiagnosticReport(uri: "file:///a.ts", version: 7, items: [])
        #expect(try json(of: open) == json(#"{"kind":"full","uri":"file:///a.ts","version":7,"items":[]}"#))
        #expect(try json(of: JSONRPC.Response(id: .number(1), result: LSP.Hover?.none)) == json(#"{"jsonrpc":"2.0","id":1,"result":null}"#))
        #expect(try json(of: JSONRPC.Response(id: .string("s"), result: LSP.Null())) == json(#"{"jsonrpc":"2.0","id":"s","result":null}"#))
        let error = JSONRPC.ErrorResponse(id: nil, error: .init(code: JSONRPC.parseError, message: "the message is not valid JSON"))
        #expect(try json(of: error) == json(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"the message is not valid JSON"}}"#))
    }

    @Test func idsAreNumbersOrStrings() throws {
        #expect(try decode(JSONRPC.ID.self, "7") == .number(7))
        #expect(try decode(JSONRPC.ID.self, "7.0") == .number(7))
        #expect(try decode(JSONRPC.ID.self, #""7""#) == .string("7"))
        #expect(throws: DecodingError.self) { try decode(JSONRPC.ID.self, "7.5") }
        #expect(throws: DecodingError.self) { try decode(JSONRPC.ID.self, "true") }
        #expect(try json(of: JSONRPC.ID.string("a")) == .string("a"))
        #expect(try json(of: JSONRPC.ID.number(-3)) == .integer(-3))
    }

    /// A client's `initialize` as VS Code sends it, members the server does not read included.
    @Test func initializeParamsFromAClient() throws {
        let params = try params(LSP.InitializeParams.self, """
        {
          "processId": 4242, "clientInfo": { "name": "Visual Studio Code", "version": "1.95.0" }, "locale": "en",
          "rootPath": "/home/u/app", "rootUri": "file:///home/u/app",
          "capabilities": {
            "workspace": { "applyEdit": true, "didChangeWatchedFiles": { "dynamicRegistration": true, "relativePatternSupport": true } },
            "textDocument": {
              "publishDiagnostics": { "relatedInformation": false, "versionSupport": false, "tagSupport": { "valueSet": [1, 2] } },
              "codeAction": { "dynamicRegistration": true, "isPreferredSupport": true, "dataSupport": true,
                              "resolveSupport": { "properties": ["edit"] } }
            },
            "general": { "positionEncodings": ["utf-16"] }
          },
          "trace": "off",
          "workspaceFolders": [{ "uri": "file:///home/u/app", "name": "app" }]
        }
        """).get()
        #expect(params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration == true)
        #expect(params.capabilities.textDocument?.publishDiagnostics?.relatedInformation == false)
        #expect(params.capabilities.textDocument?.codeAction?.resolvableProperties == ["edit"])
        #expect(params.trace == "off")
        #expect(params.workspaceFolders?.map(\.uri) == ["file:///home/u/app"])
        #expect(params.rootUri == "file:///home/u/app")
        #expect(params.rootPath == "/home/u/app")
    }

    /// Capabilities only refine what the server does: one of an unexpected shape counts as not
    /// sent. The folders, which decide what is linted, must be well formed when they are an array.
    @Test func initializeParamsTolerateCapabilitiesOfAnyShape() throws {
        let odd = try params(LSP.InitializeParams.self, #"""
            {"capabilities":"x","trace":3,"workspaceFolders":null,"rootUri":4,"rootPath":"/p"}
            """#).get()
        #expect(odd.capabilities.workspace == nil && odd.capabilities.textDocument == nil)
        #expect(odd.trace == nil && odd.workspaceFolders == nil && odd.rootUri == nil && odd.rootPath == "/p")
        let mixed = try params(LSP.InitializeParams.self, #"""
            {"capabilities":{"workspace":3,"textDocument":{"publishDiagnostics":{"relatedInformation":"no"},
             "codeAction":{"resolveSupport":{"properties":[3,"edit",null]}}}},"workspaceFolders":"x"}
            """#).get()
        #expect(mixed.capabilities.workspace == nil)
        #expect(mixed.capabilities.textDocument?.publishDiagnostics?.relatedInformation == nil)
        #expect(mixed.capabilities.textDocument?.codeAction?.resolvableProperties == ["edit"])
        #expect(mixed.workspaceFolders == nil)
        #expect(failure(params(LSP.InitializeParams.self, #"{"workspaceFolders":[{"name":"app"}]}"#))
            == "-32602 workspaceFolders[].uri must be a string")
        #expect(failure(params(LSP.InitializeParams.self, #"{"workspaceFolders":["file:///app"]}"#))
            == "-32602 workspaceFolders[] must be an object")
        #expect(failure(params(LSP.InitializeParams.self, "null")) == "-32602 params must be an object")
    }

    @Test func didChangeAsTheSpecificationWritesIt() throws {
        let change = try params(LSP.DidChangeTextDocumentParams.self, """
        {
          "textDocument": { "uri": "file:///a.ts", "version": 2 },
          "contentChanges": [
            { "range": { "start": { "line": 0, "character": 3 }, "end": { "line": 0, "character": 4 } }, "rangeLength": 1, "text": "x" },
            { "text": "the whole text" }
          ]
        }
        """).get()
        #expect(change.textDocument.uri == "file:///a.ts" && change.textDocument.version == 2)
        #expect(change.contentChanges.map(\.text) == ["x", "the whole text"])
        #expect(change.contentChanges[0].range == LSP.Range(start: LSP.Position(line: 0, character: 3), end: LSP.Position(line: 0, character: 4)))
        #expect(change.contentChanges[1].range == nil)
        // A present range must be one: null does not mean "replace everything".
        #expect(failure(params(LSP.DidChangeTextDocumentParams.self, #"""
            {"textDocument":{"uri":"file:///a.ts","version":3},"contentChanges":[{"range":null,"text":""}]}
            """#)) == "-32602 contentChanges[].range must be an object")
        #expect(failure(params(LSP.DidChangeTextDocumentParams.self, #"""
            {"textDocument":{"uri":"file:///a.ts","version":"3"},"contentChanges":[]}
            """#)) == "-32602 params.textDocument.version must be an integer")
        #expect(failure(params(LSP.DidChangeTextDocumentParams.self, #"""
            {"textDocument":{"uri":"file:///a.ts","version":3},"contentChanges":{"text":""}}
            """#)) == "-32602 params.contentChanges must be an array")
    }

    @Test func codeActionParamsReadTheirContextLeniently() throws {
        let base = #""textDocument":{"uri":"file:///a.ts"},"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}}"#
        #expect(try params(LSP.CodeActionParams.self, #"{\#(base),"context":{"diagnostics":[],"only":["quickfix"]}}"#).get().context?.only == ["quickfix"])
        #expect(try params(LSP.CodeActionParams.self, #"{\#(base),"context":{"only":[1,"source",null]}}"#).get().context?.only == ["source"])
        #expect(try params(LSP.CodeActionParams.self, #"{\#(base),"context":{"only":"quickfix"}}"#).get().context?.only == nil)
        #expect(try params(LSP.CodeActionParams.self, #"{\#(base),"context":"x"}"#).get().context == nil)
        #expect(try params(LSP.CodeActionParams.self, #"{\#(base)}"#).get().context == nil)
    }

    /// `codeAction/resolve` answers the action the client sent, every member as it was, with the
    /// edit the server computed.
    @Test func aResolvedCodeActionKeepsEveryMember() throws {
        let sent = #"""
            {"title":"Fix all safe granted-lint problems","kind":"source.fixAll.granted-lint",
             "data":{"uri":"file:///a.ts","version":4},"isPreferred":false,"extra":{"n":[1,2.5,null,true,"s"]}}
            """#
        let resolve = try params(LSP.CodeActionResolveParams.self, sent).get()
        #expect(resolve.fixAll == LSP.FixAllData(uri: "file:///a.ts", version: 4))
        let edit = LSP.WorkspaceEdit(changes: ["file:///a.ts": [LSP.TextEdit(
            range: LSP.Range(start: LSP.Position(line: 1, character: 0), end: LSP.Position(line: 1, character: 3)), newText: "x")]])
        var expected = try json(sent)
        if case var .object(members) = expected {
            members["edit"] = try json(of: edit)
            expected = .object(members)
        }
        #expect(try json(of: LSP.ResolvedCodeAction(members: resolve.members, edit: edit)) == expected)
        // Any other action comes back untouched, whatever its data.
        let other = try params(LSP.CodeActionResolveParams.self, #"{"title":"t","kind":"quickfix","data":{"uri":5}}"#).get()
        #expect(other.fixAll == nil)
        #expect(try json(of: LSP.ResolvedCodeAction(members: other.members)) == json(#"{"title":"t","kind":"quickfix","data":{"uri":5}}"#))
        #expect(failure(params(LSP.CodeActionResolveParams.self, #"{"kind":"source.fixAll.granted-lint","data":{"uri":"file:///a.ts","version":1.5}}"#))
            == "-32602 params.data.version must be an integer")
    }

    @Test func whatTheServerSendsUnprompted() throws {
        #expect(try json(of: JSONRPC.Notification(method: LSP.ShowMessageParams.method, params: LSP.ShowMessageParams(type: .warning, message: "m")))
            == json(#"{"jsonrpc":"2.0","method":"window/showMessage","params":{"type":2,"message":"m"}}"#))
        let registration = LSP.RegistrationParams(registrations: [LSP.Registration(
            id: "granted-lint-watched-files", method: "workspace/didChangeWatchedFiles",
            registerOptions: LSP.DidChangeWatchedFilesRegistrationOptions(watchers: [LSP.FileSystemWatcher(globPattern: "**/*.ts")]))])
        #expect(try json(of: JSONRPC.Request(id: .string("granted-lint-1"), method: LSP.RegistrationParams.method, params: registration)) == json(#"""
            {"jsonrpc":"2.0","id":"granted-lint-1","method":"client/registerCapability","params":{"registrations":[
              {"id":"granted-lint-watched-files","method":"workspace/didChangeWatchedFiles","registerOptions":{"watchers":[{"globPattern":"**/*.ts"}]}}]}}
            """#))
        let hover = LSP.Hover(contents: LSP.MarkupContent(kind: .markdown, value: "**x**"),
                              range: LSP.Range(start: LSP.Position(line: 0, character: 1), end: LSP.Position(line: 0, character: 2)))
        #expect(try json(of: hover) == json(#"""
            {"contents":{"kind":"markdown","value":"**x**"},"range":{"start":{"line":0,"character":1},"end":{"line":0,"character":2}}}
            """#))
    }

    @Test func notificationsWithoutParamsAcceptAnything() throws {
        for text in ["null", "[1]", "{}", #"{"x":1}"#] {
            #expect(throws: Never.self) { try params(LSP.InitializedParams.self, text).get() }
            #expect(throws: Never.self) { try params(LSP.ShutdownParams.self, text).get() }
            #expect(throws: Never.self) { try params(LSP.WorkspaceDiagnosticParams.self, text).get() }
            #expect(try params(LSP.CancelParams.self, text).get().id == nil)
        }
        #expect(try params(LSP.CancelParams.self, #"{"id":"r-1"}"#).get().id == .string("r-1"))
    }
}
