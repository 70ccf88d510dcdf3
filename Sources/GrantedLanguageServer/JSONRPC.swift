import Foundation

/// JSON-RPC 2.0 as LSP uses it: the error codes the specification names, and reading a decoded
/// message's members without trusting their types.
public enum JSONRPC {
    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603
    public static let serverNotInitialized = -32002
    public static let requestCancelled = -32800
    public static let contentModified = -32801

    /// Whether a decoded value is `true` or `false`: Foundation decodes both booleans and numbers
    /// as NSNumber, and `is Bool` holds for the number 1 too.
    static func isBoolean(_ value: Any?) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    /// A request's id: a number or a string (nil in answers to messages whose id is unknown).
    public enum ID: Hashable, Sendable, Codable, CustomStringConvertible {
        case number(Int)
        case string(String)

        /// A number with a fraction, a boolean or anything else is no id.
        public init(from decoder: Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let string = try? value.decode(String.self) {
                self = .string(string)
            } else if let number = try? value.decode(Int.self) {
                // Foundation's decoder reads 7.0 as 7, and refuses 7.5 and `true`.
                self = .number(number)
            } else {
                throw DecodingError.typeMismatch(ID.self, DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "an id is a number or a string"))
            }
        }

        public func encode(to encoder: Encoder) throws {
            var value = encoder.singleValueContainer()
            switch self {
            case let .number(number): try value.encode(number)
            case let .string(string): try value.encode(string)
            }
        }

        init?(_ value: Any?) {
            if let string = value as? String { self = .string(string); return }
            if JSONRPC.isBoolean(value) { return nil }
            if let number = value as? Int { self = .number(number); return }
            if let number = value as? Double, number == number.rounded(), abs(number) < 1e15 { self = .number(Int(number)); return }
            return nil
        }

        var json: Any {
            switch self {
            case let .number(number): return number
            case let .string(string): return string
            }
        }

        public var description: String {
            switch self {
            case let .number(number): return String(number)
            case let .string(string): return "\"\(string)\""
            }
        }
    }

    /// An error answer, as thrown by handlers.
    public struct Failure: Error {
        public let code: Int
        public let message: String
        public init(_ code: Int, _ message: String) {
            self.code = code
            self.message = message
        }
    }

    /// A message decoded from a frame's body.
    enum Message {
        case request(id: ID, method: String, params: Any?)
        case notification(method: String, params: Any?)
        case response(id: ID?, result: Any?, error: [String: Any]?)
    }

    /// Decodes a body; the failure is the answer to send (with a null id unless one was readable).
    struct DecodeFailure: Error {
        let id: ID?
        let failure: Failure
        init(_ id: ID?, _ failure: Failure) {
            self.id = id
            self.failure = failure
        }
    }

    static func decode(_ body: [UInt8]) -> Result<Message, DecodeFailure> {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
        } catch {
            return .failure(DecodeFailure(nil, Failure(parseError, "the message is not valid JSON")))
        }
        guard let message = object as? [String: Any] else {
            return .failure(DecodeFailure(nil, Failure(invalidRequest, "a message must be a JSON object")))
        }
        let id = ID(message["id"])
        guard message["jsonrpc"] as? String == "2.0" else {
            return .failure(DecodeFailure(id, Failure(invalidRequest, "\"jsonrpc\" must be \"2.0\"")))
        }
        if let method = message["method"] {
            guard let method = method as? String else {
                return .failure(DecodeFailure(id, Failure(invalidRequest, "\"method\" must be a string")))
            }
            let params = message["params"]
            if let params, !(params is [String: Any]) && !(params is [Any]) && !(params is NSNull) {
                return .failure(DecodeFailure(id, Failure(invalidRequest, "\"params\" must be an object or an array")))
            }
            if message["id"] == nil { return .success(.notification(method: method, params: params)) }
            guard let id else { return .failure(DecodeFailure(nil, Failure(invalidRequest, "\"id\" must be a number or a string"))) }
            return .success(.request(id: id, method: method, params: params))
        }
        if message["result"] != nil || message["error"] != nil {
            return .success(.response(id: id, result: message["result"], error: message["error"] as? [String: Any]))
        }
        return .failure(DecodeFailure(id, Failure(invalidRequest, "a message needs a \"method\" (or is an answer with \"result\" or \"error\")")))
    }

    // MARK: What the server writes

    struct Response<Answer: Encodable>: Encodable {
        let jsonrpc = "2.0"
        let id: ID
        /// Sent even when it is null.
        let result: Answer
    }

    /// An error answer; its id is null when the message's id could not be read.
    struct ErrorResponse: Encodable {
        struct ErrorMember: Encodable {
            let code: Int
            let message: String
        }

        let jsonrpc = "2.0"
        let id: ID?
        let error: ErrorMember

        private enum CodingKeys: String, CodingKey { case jsonrpc, id, error }

        func encode(to encoder: Encoder) throws {
            var members = encoder.container(keyedBy: CodingKeys.self)
            try members.encode(jsonrpc, forKey: .jsonrpc)
            if let id { try members.encode(id, forKey: .id) } else { try members.encodeNil(forKey: .id) }
            try members.encode(error, forKey: .error)
        }
    }

    struct Notification<Params: Encodable>: Encodable {
        let jsonrpc = "2.0"
        let method: String
        let params: Params
    }

    struct Request<Params: Encodable>: Encodable {
        let jsonrpc = "2.0"
        let id: ID
        let method: String
        let params: Params
    }

    static func encode(_ object: [String: Any]) -> [UInt8] {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes]) else {
            // Only values built by this layer reach here; a failure would be our bug.
            return Array(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"the answer could not be encoded"}}"#.utf8)
        }
        return Array(data)
    }
}

/// Typed reads of decoded JSON, each failing with InvalidParams and a message that names the field.
struct Params {
    let object: [String: Any]
    let context: String

    init(_ value: Any?, _ context: String = "params") throws {
        guard let object = value as? [String: Any] else {
            throw JSONRPC.Failure(JSONRPC.invalidParams, "\(context) must be an object")
        }
        self.object = object
        self.context = context
    }

    func string(_ key: String) throws -> String {
        guard let value = object[key] as? String else { throw missing(key, "a string") }
        return value
    }

    func optionalString(_ key: String) -> String? { object[key] as? String }

    func int(_ key: String) throws -> Int {
        if JSONRPC.isBoolean(object[key]) { throw missing(key, "an integer") }
        if let number = object[key] as? Int { return number }
        if let number = object[key] as? Double, number == number.rounded(), abs(number) < 1e15 { return Int(number) }
        throw missing(key, "an integer")
    }

    func nested(_ key: String) throws -> Params {
        try Params(object[key], "\(context).\(key)")
    }

    func optionalNested(_ key: String) -> Params? {
        try? Params(object[key], "\(context).\(key)")
    }

    func array(_ key: String) throws -> [Any] {
        guard let value = object[key] as? [Any] else { throw missing(key, "an array") }
        return value
    }

    func position(_ key: String) throws -> TextPosition {
        let position = try nested(key)
        return TextPosition(line: try position.int("line"), character: try position.int("character"))
    }

    private func missing(_ key: String, _ kind: String) -> JSONRPC.Failure {
        JSONRPC.Failure(JSONRPC.invalidParams, "\(context).\(key) must be \(kind)")
    }
}
