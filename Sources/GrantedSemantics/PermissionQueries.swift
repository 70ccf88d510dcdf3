import GrantedSyntax

/// A comparison of a root permission status with `'granted'` or `'undetermined'`.
public struct RootStatusComparison {
    /// The comparison (or `includes` call, or `case` value) to report.
    public let site: Node
    /// The compared status value (where it came from is `statusValue.origin`).
    public let statusValue: SymbolicValue
    /// The literal compared with: `granted` or `undetermined`.
    public let comparedWith: String
}

/// A call that requests expo notification permission, and the options it passes.
public struct PermissionRequestCall {
    public let call: Node
    /// The options argument; nil when none is passed.
    public let options: Node?
}

/// What an expression used as an object resolves to.
public enum ObjectResolution {
    /// No object at all (no argument, `undefined`).
    case absent
    /// An object literal in this file.
    case literal(Node)
    /// Something the model cannot see into (a parameter, a call result, a spread).
    case unresolvable

    public var isAbsent: Bool { if case .absent = self { return true } else { return false } }
}
