/// The Language Server Protocol 3.17 as this server speaks it: one `Codable` type per message's
/// params and answer, named as the specification names them. Members the server does not read are
/// not declared (they are ignored like any unknown member); what the server sends is declared in
/// full, and a member that is nil is left out of the JSON unless its type says it is sent as null.
enum LSP {}

extension LSP {
    /// The params of a request from the client: the method they belong to and the type of the
    /// answer, so that the router can decode the one and encode the other.
    protocol RequestParams: Decodable, Sendable {
        static var method: String { get }
        associatedtype Answer: Encodable & Sendable
    }

    /// The params of a notification from the client.
    protocol NotificationParams: Decodable, Sendable {
        static var method: String { get }
    }

    /// The params of a notification the server sends.
    protocol ServerNotificationParams: Encodable, Sendable {
        static var method: String { get }
    }

    /// The params of a request the server sends (the client's answer is only logged).
    protocol ServerRequestParams: Encodable, Sendable {
        static var method: String { get }
    }

    /// The answer `null` (`shutdown`'s, and what a request without a result answers).
    struct Null: Encodable, Sendable {
        func encode(to encoder: Encoder) throws {
            var value = encoder.singleValueContainer()
            try value.encodeNil()
        }
    }
}
