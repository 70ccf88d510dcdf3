import Foundation

/// Why a file could not be analysed (fully).
public struct FileProblem: Error, Hashable, Sendable {
    public enum Kind: String, Sendable {
        case unreadable
        case notText = "not-text"
        case tooLarge = "too-large"
        case parseTimeout = "parse-timeout"
        case tooDeep = "too-deep"
    }

    public let path: String
    public let kind: Kind
    public let reason: String

    public init(path: String, kind: Kind, reason: String) {
        self.path = path
        self.kind = kind
        self.reason = reason
    }
}
