import Foundation

/// JSON-RPC 2.0 as LSP uses it: the error codes the specification names, the envelope of a message
/// (checked member by member, its params decoded into the type its method takes), and the envelopes
/// the server writes.
public enum JSONRPC {
    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603
    public static let serverNotInitialized = -32002
    public static let requestCancelled = -32800
    public static let contentModified = -32801

    /// A request's id: a number or a string (nil in answers to messages whose id is unknown). A
    /// number with a fraction, a boolean or anything else is no id.
    public enum ID: Hashable, Sendable, Codable, CustomStringConvertible {
        case number(Int)
        case string(String)

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

    /// A message decoded from a frame's body. The params of a method the routes know are decoded
    /// with the message, into the method's type, and bound to its handler (or are the
    /// InvalidParams failure to answer); `params` is nil for a method no route knows.
    enum Message {
        case request(id: ID, method: String, params: Result<Router.RequestCall, Failure>?)
        case notification(method: String, params: Result<Router.NotificationCall, Failure>?)
        /// The client's answer to a request of the server's: only its error is read.
        case response(id: ID?, result: JSONValue?, error: ResponseError?)
    }

    /// The error member of the client's answer; members of other types count as absent.
    struct ResponseError: Decodable {
        let code: Int?
        let message: String?

        private enum CodingKeys: String, CodingKey { case code, message }

        init(from decoder: Decoder) throws {
            let members = try decoder.container(keyedBy: CodingKeys.self)
            code = members.ifWellFormed(.code)
            message = members.ifWellFormed(.message)
        }
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

    /// Decodes a body in one pass: the envelope, then the params straight into the type `routes`
    /// gives for the method.
    static func decode(_ body: [UInt8], routes: Router = .none) -> Result<Message, DecodeFailure> {
        guard JSONTokenCheck.isValid(body) else {
            return .failure(DecodeFailure(nil, Failure(parseError, "the message is not valid JSON")))
        }
        let decoder = JSONDecoder()
        decoder.userInfo[Router.userInfoKey] = routes
        do {
            return try decoder.decode(Envelope.self, from: Data(body)).message
        } catch DecodingError.typeMismatch, DecodingError.valueNotFound {
            // The body is JSON, but not an object (the envelope throws nothing else).
            return .failure(DecodeFailure(nil, Failure(invalidRequest, "a message must be a JSON object")))
        } catch {
            return .failure(DecodeFailure(nil, Failure(parseError, "the message is not valid JSON")))
        }
    }

    /// The members of a message, checked in the order of the specification; a problem with them
    /// is the message's failure, not an error, so that the id read so far can be answered.
    private struct Envelope: Decodable {
        let message: Result<Message, DecodeFailure>

        private enum Member: String, CodingKey { case jsonrpc, id, method, params, result, error }

        init(from decoder: Decoder) throws {
            let members = try decoder.container(keyedBy: Member.self)
            let id = members.ifWellFormed(.id, as: ID.self)
            message = Self.read(members, id: id, routes: decoder.userInfo[Router.userInfoKey] as? Router ?? .none)
        }

        private static func read(_ members: KeyedDecodingContainer<Member>, id: ID?, routes: Router) -> Result<Message, DecodeFailure> {
            func invalid(_ id: ID?, _ message: String) -> Result<Message, DecodeFailure> {
                .failure(DecodeFailure(id, Failure(invalidRequest, message)))
            }
            guard members.ifWellFormed(.jsonrpc, as: String.self) == "2.0" else { return invalid(id, "\"jsonrpc\" must be \"2.0\"") }
            if members.contains(.method) {
                guard let method = members.ifWellFormed(.method, as: String.self) else { return invalid(id, "\"method\" must be a string") }
                if members.contains(.params), (try? members.decodeNil(forKey: .params)) != true,
                   (try? members.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .params)) == nil,
                   (try? members.nestedUnkeyedContainer(forKey: .params)) == nil {
                    return invalid(id, "\"params\" must be an object or an array")
                }
                // Absent params decode as null: a method that needs them fails with InvalidParams.
                func params<Call>(_ bind: (Decoder) throws -> Call) -> Result<Call, Failure> {
                    Result { try bind(members.superDecoder(forKey: .params)) }.mapError { Failure(invalidParams: $0) }
                }
                guard members.contains(.id) else {
                    return .success(.notification(method: method, params: routes.notifications[method].map { params($0.bind) }))
                }
                guard let id else { return invalid(nil, "\"id\" must be a number or a string") }
                return .success(.request(id: id, method: method, params: routes.requests[method].map { params($0.bind) }))
            }
            if members.contains(.result) || members.contains(.error) {
                return .success(.response(id: id, result: members.ifWellFormed(.result), error: members.ifWellFormed(.error)))
            }
            return invalid(id, "a message needs a \"method\" (or is an answer with \"result\" or \"error\")")
        }
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

    static func encode<Message: Encodable>(_ message: Message) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard let data = try? encoder.encode(message) else {
            // Only values built by this layer reach here; a failure would be our bug.
            return Array(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"the answer could not be encoded"}}"#.utf8)
        }
        return Array(data)
    }
}
