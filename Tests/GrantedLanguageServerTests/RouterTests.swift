import Foundation
@testable import GrantedLanguageServer
import Testing

/// The router between a message and its handler: which methods exist, the lifecycle's order, and
/// params that do not decode into the method's type.
@Suite(.serialized) struct RouterTests {
    func errorCode(_ answer: [String: Any]) -> Int? { (answer["error"] as? [String: Any])?["code"] as? Int }
    func errorMessage(_ answer: [String: Any]) -> String? { (answer["error"] as? [String: Any])?["message"] as? String }

    @Test func everyMethodHasARouteOfItsParamsType() {
        #expect(Set(Router.server.requests.keys) == [
            "initialize", "shutdown", "textDocument/diagnostic", "workspace/diagnostic", "textDocument/codeAction",
            "codeAction/resolve", "textDocument/hover", "workspace/executeCommand",
        ])
        #expect(Set(Router.server.notifications.keys) == [
            "initialized", "exit", "textDocument/didOpen", "textDocument/didChange", "textDocument/didClose", "textDocument/didSave",
            "workspace/didChangeWatchedFiles", "workspace/didChangeWorkspaceFolders", "$/cancelRequest", "$/setTrace",
        ])
    }

    /// docs/language-server.md's capabilities, as Tests/LanguageServer/scenarios.py checks them too.
    @Test func initializeAnswersTheDocumentedCapabilities() throws {
        let harness = try ServerHarness()
        let answer = harness.request("initialize", #"{"capabilities":{}}"#)
        let expected = #"""
            {"capabilities":{
              "positionEncoding":"utf-16",
              "textDocumentSync":{"openClose":true,"change":2,"save":{"includeText":false}},
              "diagnosticProvider":{"identifier":"granted-lint","interFileDependencies":true,"workspaceDiagnostics":true},
              "codeActionProvider":{"codeActionKinds":["quickfix","source.fixAll.granted-lint"],"resolveProvider":true},
              "hoverProvider":true,
              "executeCommandProvider":{"commands":["granted-lint.explainRule"]},
              "workspace":{"workspaceFolders":{"supported":true,"changeNotifications":true}}},
             "serverInfo":{"name":"granted-lint","version":"test"}}
            """#
        let result = try #require(answer["result"] as? NSDictionary)
        #expect(result == (try JSONSerialization.jsonObject(with: Data(expected.utf8)) as? NSDictionary))
    }

    @Test func anUnknownRequestIsMethodNotFoundAndAnUnknownNotificationIsIgnored() throws {
        let harness = try ServerHarness()
        harness.initialize()
        _ = harness.messages()
        let answer = harness.request("granted-lint/noSuchMethod", "{}")
        #expect(errorCode(answer) == JSONRPC.methodNotFound)
        #expect(answer["result"] == nil)
        // A request under a notification's name is no request the server knows either.
        #expect(errorCode(harness.request("textDocument/didOpen", "{}")) == JSONRPC.methodNotFound)
        harness.notify("granted-lint/noSuchNotification", #"{"x":1}"#)
        harness.notify("textDocument/hover", "{}")
        #expect(harness.messages().isEmpty, "notifications are never answered")
    }

    @Test func paramsOfTheWrongShapeAreInvalidParams() throws {
        let harness = try ServerHarness()
        harness.initialize()
        let uri = harness.uri("a.ts")
        for (params, message) in [
            ("[1]", "params must be an object"),
            (#"{"textDocument":{"uri":"\#(uri)"},"position":"x"}"#, "params.position must be an object"),
            (#"{"textDocument":{"uri":"\#(uri)"},"position":{"line":"x","character":0}}"#, "params.position.line must be an integer"),
            (#"{"textDocument":{"uri":"\#(uri)"},"position":{"line":0,"character":2.5}}"#, "params.position.character must be an integer"),
            (#"{"textDocument":{"uri":"\#(uri)"},"position":{"line":true,"character":0}}"#, "params.position.line must be an integer"),
            (#"{"textDocument":{"uri":5},"position":{"line":0,"character":0}}"#, "params.textDocument.uri must be a string"),
        ] {
            let answer = harness.request("textDocument/hover", params)
            #expect(errorCode(answer) == JSONRPC.invalidParams, "\(params)")
            #expect(errorMessage(answer) == message, "\(params)")
        }
        let noParams = harness.request("textDocument/codeAction")
        #expect(errorCode(noParams) == JSONRPC.invalidParams)
        #expect(errorMessage(noParams) == "params must be an object")
        let halfRange = harness.request("textDocument/codeAction", #"{"textDocument":{"uri":"\#(uri)"},"range":{"start":{"line":0,"character":0}}}"#)
        #expect(errorMessage(halfRange) == "params.range.end must be an object")
        let folder = harness.request("initialize", #"{"workspaceFolders":[{"uri":3}]}"#)
        #expect(errorCode(folder) == JSONRPC.invalidRequest, "initialize twice is refused before its params are read")
    }

    /// A misspelt member is a missing one: InvalidParams naming the member the method needs, not a
    /// nil that a handler would take for "not sent".
    @Test func aMisspeltKeyIsInvalidParamsNotASilentNil() throws {
        let harness = try ServerHarness()
        harness.initialize()
        let uri = harness.uri("a.ts")
        let hover = harness.request("textDocument/hover", #"{"textDocment":{"uri":"\#(uri)"},"position":{"line":0,"character":0}}"#)
        #expect(errorCode(hover) == JSONRPC.invalidParams)
        #expect(errorMessage(hover) == "params.textDocument must be an object")
        let command = harness.request("workspace/executeCommand", #"{"comand":"granted-lint.explainRule","arguments":["x"]}"#)
        #expect(errorMessage(command) == "params.command must be a string")
        let resolve = harness.request("codeAction/resolve", #"{"title":"Fix all","kind":"source.fixAll.granted-lint","data":{"uri":"\#(uri)","verison":1}}"#)
        #expect(errorCode(resolve) == JSONRPC.invalidParams)
        #expect(errorMessage(resolve) == "params.data.version must be an integer")
    }

    /// The lifecycle decides first: before `initialize` and after `shutdown` nothing is read.
    @Test func theLifecycleComesBeforeTheParams() throws {
        let harness = try ServerHarness()
        #expect(errorCode(harness.request("textDocument/hover", "[1]")) == JSONRPC.serverNotInitialized)
        #expect(errorCode(harness.request("granted-lint/noSuchMethod")) == JSONRPC.serverNotInitialized)
        #expect(errorCode(harness.request("initialize", "[1]")) == JSONRPC.invalidParams)
        harness.initialize()
        #expect(errorCode(harness.request("initialize", #"{"capabilities":{}}"#)) == JSONRPC.invalidRequest)
        #expect(errorMessage(harness.request("initialize", #"{"capabilities":{}}"#)) == "initialize was already called")
        let shutdown = harness.request("shutdown", "[1]")
        #expect(shutdown.keys.contains("result") && shutdown["result"] is NSNull, "shutdown answers null: \(shutdown)")
        #expect(errorCode(harness.request("textDocument/hover", "{}")) == JSONRPC.invalidRequest)
        #expect(errorCode(harness.request("initialize", "{}")) == JSONRPC.invalidRequest)
    }

    /// Where LSP says null, null is sent; where a member is absent, it is left out.
    @Test func nullIsSentAndAbsentIsLeftOut() throws {
        let harness = try ServerHarness()
        harness.initialize()
        let uri = harness.uri("a.ts")
        harness.notify("textDocument/didOpen", #"{"textDocument":{"uri":"\#(uri)","languageId":"typescript","version":3,"text":"export const a = 1;\n"}}"#)
        let hover = harness.request("textDocument/hover", #"{"textDocument":{"uri":"\#(uri)"},"position":{"line":0,"character":3}}"#)
        #expect(hover.keys.contains("result") && hover["result"] is NSNull, "no finding: \(hover)")
        let published = harness.messages().compactMap { $0["params"] as? [String: Any] }
        #expect(published.first?["version"] as? Int == 3)
        harness.notify("textDocument/didClose", #"{"textDocument":{"uri":"\#(uri)"}}"#)
        let closed = harness.messages().compactMap { $0["params"] as? [String: Any] }
        #expect(closed.count == 1 && closed.first?.keys.contains("version") == false, "a closed document's empty list has no version: \(closed)")
        let report = harness.request("workspace/diagnostic", "{}")
        #expect((report["result"] as? [String: Any])?["items"] as? [Any] != nil)
        let failure = harness.request("textDocument/hover", "[1]")
        #expect(failure.keys.contains("id") && failure["result"] == nil)
    }

    @Test func idsKeepTheirType() throws {
        let harness = try ServerHarness()
        harness.initialize()
        harness.send(#"{"jsonrpc":"2.0","id":"a-1","method":"granted-lint/noSuchMethod"}"#)
        #expect(errorCode(harness.answer(to: "a-1")) == JSONRPC.methodNotFound)
        harness.send(#"{"jsonrpc":"2.0","id":7.0,"method":"granted-lint/noSuchMethod"}"#)
        #expect(errorCode(harness.answer(to: 7)) == JSONRPC.methodNotFound)
        harness.send(#"{"jsonrpc":"2.0","id":true,"method":"shutdown"}"#)
        let refused = harness.messages()
        #expect(refused.count == 1 && refused.first?["id"] is NSNull && errorCode(refused[0]) == JSONRPC.invalidRequest, "\(refused)")
    }

    /// A cancellation the server cannot read, or of a request it does not have, changes nothing.
    @Test func cancellationsAreNeverAnError() throws {
        let harness = try ServerHarness()
        harness.initialize()
        for params in [#"{"id":123}"#, #"{"id":[1]}"#, "[1]", #"{}"#] {
            harness.notify("$/cancelRequest", params)
        }
        harness.notify("$/setTrace", #"{"value":"verbose"}"#)
        #expect(harness.messages().isEmpty)
        #expect(harness.server.queue.sync { harness.server.trace } == "verbose")
        #expect(harness.request("granted-lint/noSuchMethod")["error"] != nil)
    }
}
