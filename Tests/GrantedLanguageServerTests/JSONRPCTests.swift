import Foundation
@testable import GrantedLanguageServer
import Testing

/// What the server makes of a frame's body before any method is looked at.
@Suite struct JSONRPCTests {
    func decode(_ text: String) -> Result<JSONRPC.Message, JSONRPC.DecodeFailure> {
        JSONRPC.decode(Array(text.utf8))
    }

    func failureCode(_ text: String) -> Int? {
        if case let .failure(failure) = decode(text) { return failure.failure.code }
        return nil
    }

    @Test func requestsNotificationsAndAnswers() {
        guard case let .success(.request(id, method, _)) = decode(#"{"jsonrpc":"2.0","id":7,"method":"shutdown"}"#) else {
            Issue.record("a request")
            return
        }
        #expect(id == .number(7))
        #expect(method == "shutdown")
        guard case let .success(.request(stringId, _, _)) = decode(#"{"jsonrpc":"2.0","id":"a-1","method":"x","params":{}}"#) else {
            Issue.record("a request with a string id")
            return
        }
        #expect(stringId == .string("a-1"))
        guard case .success(.notification("exit", _)) = decode(#"{"jsonrpc":"2.0","method":"exit"}"#) else {
            Issue.record("a notification")
            return
        }
        guard case .success(.response(.number(1), _, nil)) = decode(#"{"jsonrpc":"2.0","id":1,"result":null}"#) else {
            Issue.record("an answer")
            return
        }
    }

    @Test func theSpecificationsErrorCodes() {
        #expect(failureCode("{bad}") == JSONRPC.parseError)
        #expect(failureCode("") == JSONRPC.parseError)
        #expect(failureCode("[1,2]") == JSONRPC.invalidRequest)
        #expect(failureCode(#"{"id":1,"method":"x"}"#) == JSONRPC.invalidRequest)
        #expect(failureCode(#"{"jsonrpc":"1.0","id":1,"method":"x"}"#) == JSONRPC.invalidRequest)
        #expect(failureCode(#"{"jsonrpc":"2.0","id":1,"method":3}"#) == JSONRPC.invalidRequest)
        #expect(failureCode(#"{"jsonrpc":"2.0","id":true,"method":"x"}"#) == JSONRPC.invalidRequest)
        #expect(failureCode(#"{"jsonrpc":"2.0","id":1.5,"method":"x"}"#) == JSONRPC.invalidRequest)
        #expect(failureCode(#"{"jsonrpc":"2.0","id":1,"method":"x","params":"text"}"#) == JSONRPC.invalidRequest)
        #expect(failureCode(#"{"jsonrpc":"2.0","id":1}"#) == JSONRPC.invalidRequest)
    }

    /// An integer member as every handler reads one (`required`), failing with InvalidParams.
    func integer(_ json: String) throws -> Int {
        struct Member: Decodable {
            let value: Int
            init(from decoder: Decoder) throws {
                value = try decoder.container(keyedBy: AnyCodingKey.self).required(AnyCodingKey("value"))
            }
        }
        do {
            return try JSONDecoder().decode(Member.self, from: Data(json.utf8)).value
        } catch {
            throw JSONRPC.Failure(invalidParams: error)
        }
    }

    /// `true` is not 1 and 2.5 is no integer: an integer member takes neither (2.0 is 2).
    @Test func booleansAreNotNumbers() throws {
        #expect(try integer(#"{"value":1}"#) == 1)
        #expect(try integer(#"{"value":2.0}"#) == 2)
        #expect(throws: JSONRPC.Failure.self) { try integer(#"{"value":true}"#) }
        #expect(throws: JSONRPC.Failure.self) { try integer(#"{"value":2.5}"#) }
        #expect(throws: JSONRPC.Failure.self) { try integer(#"{}"#) }
    }
}
