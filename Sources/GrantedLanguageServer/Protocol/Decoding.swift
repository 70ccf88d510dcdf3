/// How the typed messages decode params the way a language client may send them: a member the
/// handler needs fails, whatever is wrong with it, with one InvalidParams message that names it
/// (`params.textDocument.uri must be a string`); a member that only refines what the server does
/// (a client capability, a filter) is taken when well formed and otherwise treated as absent.

/// A coding key for any member name: objects whose members are not known in advance.
struct AnyCodingKey: CodingKey, Hashable {
    let stringValue: String
    let intValue: Int?

    init(_ name: String) {
        stringValue = name
        intValue = nil
    }

    init(stringValue: String) { self.init(stringValue) }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension KeyedDecodingContainer {
    /// A member the handler needs. Missing, null, of another type, or a fraction where an integer
    /// is expected: each fails as a type mismatch at the member, so the message says what it must
    /// be. Errors about something inside the member pass through as they are.
    func required<T: Decodable>(_ key: Key, as type: T.Type = T.self) throws -> T {
        do {
            return try decode(T.self, forKey: key)
        } catch let error as DecodingError {
            guard error.concerns(key, in: codingPath) else { throw error }
            throw DecodingError.typeMismatch(T.self, DecodingError.Context(codingPath: codingPath + [key], debugDescription: "\(error)"))
        } catch {
            // Foundation's decoder throws an error of its own for a number an integer cannot hold
            // (2.5, 1e400); every integer is read through here, so it is this member's.
            throw DecodingError.typeMismatch(T.self, DecodingError.Context(codingPath: codingPath + [key], debugDescription: "\(error)"))
        }
    }

    /// A member that may be left out; when present (null included) it must be well formed.
    func ifPresent<T: Decodable>(_ key: Key, as type: T.Type = T.self) throws -> T? {
        contains(key) ? try required(key, as: T.self) : nil
    }

    /// A member taken only when it is well formed; anything else counts as absent.
    func ifWellFormed<T: Decodable>(_ key: Key, as type: T.Type = T.self) -> T? {
        (try? decodeIfPresent(T.self, forKey: key)) ?? nil
    }

    /// The elements of a member when it is an array, each of which must be well formed; nil when
    /// the member is absent or not an array.
    func elementsIfArray<T: Decodable>(_ key: Key, as type: [T].Type = [T].self) throws -> [T]? {
        guard (try? nestedUnkeyedContainer(forKey: key)) != nil else { return nil }
        return try required(key, as: [T].self)
    }

    /// A member that must be well formed when it is an object; nil when it is absent or not an object.
    func membersIfObject<T: Decodable>(_ key: Key, as type: T.Type = T.self) throws -> T? {
        guard (try? nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)) != nil else { return nil }
        return try required(key, as: T.self)
    }
}

extension DecodingError {
    /// Whether the error is about the member `key` of the object at `path` itself, rather than
    /// about something inside that member.
    func concerns(_ key: CodingKey, in path: [CodingKey]) -> Bool {
        switch self {
        case let .keyNotFound(missing, context):
            return context.codingPath.count == path.count && missing.stringValue == key.stringValue
        case let .valueNotFound(_, context), let .typeMismatch(_, context), let .dataCorrupted(context):
            return context.codingPath.count == path.count + 1
        @unknown default:
            return false
        }
    }
}

extension JSONRPC.Failure {
    /// InvalidParams for params that did not decode. The member is named from `params` down, an
    /// element of an array by its array (`contentChanges[].text`).
    init(invalidParams error: Error) {
        guard let error = error as? DecodingError else {
            self.init(JSONRPC.invalidParams, "params are not valid: \(error)")
            return
        }
        switch error {
        case let .typeMismatch(type, context), let .valueNotFound(type, context):
            self.init(JSONRPC.invalidParams, "\(Self.name(of: context.codingPath)) must be \(Self.kind(of: type))")
        case let .keyNotFound(key, context):
            self.init(JSONRPC.invalidParams, "\(Self.name(of: context.codingPath + [key])) must be given")
        case let .dataCorrupted(context):
            self.init(JSONRPC.invalidParams, "\(Self.name(of: context.codingPath)) is not valid: \(context.debugDescription)")
        @unknown default:
            self.init(JSONRPC.invalidParams, "params are not valid: \(error)")
        }
    }

    /// `params.range.start`, `contentChanges[].range` (the path starts at the message's `params`).
    static func name(of path: [CodingKey]) -> String {
        var name = ""
        for key in path {
            if key.intValue != nil {
                // An element: named by its array alone, as `workspaceFolders[]`.
                name = String(name.split(separator: ".").last ?? "") + "[]"
            } else {
                name += name.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return name.isEmpty ? "params" : name
    }

    static func kind(of type: Any.Type) -> String {
        if type == String.self { return "a string" }
        if type == Int.self { return "an integer" }
        if type == Bool.self { return "a boolean" }
        if type is JSONArray.Type { return "an array" }
        return "an object"
    }
}

/// Arrays, told apart from objects when a decoding error names the type it expected (a metatype
/// of `[T]` does not cast to `[Any].Type`).
private protocol JSONArray {}
extension Array: JSONArray {}
