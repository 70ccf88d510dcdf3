import Foundation
@testable import GrantedLanguageServer
import Testing

/// A body that is not JSON is a ParseError whichever member holds the fault, as it was when
/// JSONSerialization read the whole body: JSONDecoder alone would check a string or a number only
/// when a handler decodes it.
@Suite struct JSONTokenCheckTests {
    static let faults: [String] = [
        #""a":01"#, #""a":1."#, #""a":-"#, #""a":1e"#, #""a":1e999"#, #""a":-1E+400"#, #""a":.5"#, #""a":+1"#, #""a":0x10"#,
        #""a":"\x""#, #""a":"\u12zz""#, #""a":"\u12""#, #""a":"\udc00""#, #""a":"\ud800\u0041""#, #""a":"\ud800""#,
        "\"a\":\"\t\"", "\"a\":\"\u{1}\"", #""a":[1,2 3]"#, #""a":tru"#,
    ]

    static let fine: [String] = [
        #""a":0"#, #""a":-0.0e-0"#, #""a":1E+2"#, #""a":12345678901234567890"#, #""a":1e-400"#, #""a":[1, -2.5e3,0]"#,
        #""a":"\ud83d\ude00 \/ \" \\ \b\f\n\r\t \u00e9""#, "\"a\":\"\u{7F} é 通知 🔔\"", #""a":{"b":[true,false,null]}"#,
    ]

    func body(_ member: String) -> [UInt8] { Array(#"{"jsonrpc":"2.0","id":1,"method":"granted-lint/noSuchMethod","params":{\#(member)}}"#.utf8) }

    func isParseError(_ body: [UInt8]) -> Bool {
        if case let .failure(failure) = JSONRPC.decode(body) { return failure.failure.code == JSONRPC.parseError }
        return false
    }

    func serializationRefuses(_ body: [UInt8]) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])) == nil
    }

    @Test(arguments: faults) func aFaultAnywhereIsAParseError(member: String) {
        #expect(isParseError(body(member)))
        #expect(serializationRefuses(body(member)), "the reference refuses it too")
    }

    @Test(arguments: fine) func validTokensAreNoParseError(member: String) {
        #expect(!isParseError(body(member)))
        #expect(!serializationRefuses(body(member)))
    }

    @Test func malformedUTF8InAStringIsAParseError() {
        let prefix = Array(#"{"jsonrpc":"2.0","method":"x","params":{"a":""#.utf8)
        for bytes: [UInt8] in [[0xFF], [0xC3, 0x28], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            let body = prefix + bytes + Array(#""}}"#.utf8)
            #expect(isParseError(body), "\(bytes)")
            #expect(serializationRefuses(body), "\(bytes)")
        }
        #expect(!isParseError(prefix + [0xC3, 0xA9, 0xF0, 0x9F, 0x94, 0x94] + Array(#""}}"#.utf8)))
    }
}
