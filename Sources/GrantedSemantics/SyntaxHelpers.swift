import GrantedSyntax

/// Small syntax questions shared by the semantic model and the rules.
public enum Syntax {
    /// The blanks (spaces and tabs) that start the line holding `offset`: what a fix that inserts a
    /// line indents it with.
    public static func lineIndentation(at offset: Int, in bytes: [UInt8]) -> String {
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    public static let functionKinds: Set<NodeKind> = [
        .functionDeclaration, .functionExpression, .arrowFunction, .methodDefinition,
        .generatorFunctionDeclaration, .generatorFunction,
    ]

    /// Wrappers that do not change an expression's value.
    static let transparentKinds: Set<NodeKind> = [
        .parenthesizedExpression, .asExpression, .satisfiesExpression, .nonNullExpression,
        .typeAssertion,
    ]

    /// The expression inside parentheses, `as`, `satisfies` and `!` wrappers.
    public static func unwrap(_ node: Node) -> Node {
        var current = node
        while transparentKinds.contains(current.nodeKind) {
            let inner: Node?
            if current.is(.typeAssertion) {
                inner = current.namedChild(current.namedChildCount - 1)
            } else {
                inner = current.namedChildren.first { $0.nodeKind != .comment }
            }
            guard let inner else { break }
            current = inner
        }
        return current
    }

    /// The nearest ancestor that is not a value-preserving wrapper, and the child of it on the way.
    public static func outerContext(of node: Node) -> (parent: Node, child: Node)? {
        var child = node
        while let parent = child.parent {
            if transparentKinds.contains(parent.nodeKind) {
                child = parent
                continue
            }
            return (parent, child)
        }
        return nil
    }

    /// The value of a string literal or a template literal without substitutions.
    public static func stringValue(_ node: Node) -> String? {
        let node = unwrap(node)
        switch node.nodeKind {
        case .string:
            let text = node.text
            guard text.count >= 2 else { return nil }
            return String(text.dropFirst().dropLast())
        case .templateString:
            if node.namedChildren.contains(where: { $0.is(.templateSubstitution) }) { return nil }
            let text = node.text
            guard text.count >= 2 else { return nil }
            return String(text.dropFirst().dropLast())
        default:
            return nil
        }
    }

    /// The integer value of a number literal.
    public static func numberValue(_ node: Node) -> Int? {
        let node = unwrap(node)
        guard node.is(.number) else { return nil }
        return Int(node.text)
    }

    /// true / false for a boolean literal.
    public static func booleanValue(_ node: Node) -> Bool? {
        switch unwrap(node).nodeKind {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    /// The operator of a binary, unary, assignment or augmented-assignment expression.
    public static func operatorText(_ node: Node) -> String? {
        node.child(byField: .operator)?.text
    }

    /// The name of a property key (`a`, `'a'`, `"a"`), nil for computed keys.
    public static func propertyName(_ key: Node) -> String? {
        switch key.nodeKind {
        case .propertyIdentifier, .identifier, .shorthandPropertyIdentifier,
             .shorthandPropertyIdentifierPattern, .privatePropertyIdentifier:
            return key.text
        case .string:
            return stringValue(key)
        case .number:
            return key.text
        default:
            return nil
        }
    }

    /// Whether a function node is declared `async`.
    public static func isAsync(_ function: Node) -> Bool {
        function.children.contains { !$0.isNamed && $0.is(.async) }
    }

    /// The properties of an object literal: (name, key node, value node, whole member node).
    /// A shorthand `{ a }` yields the identifier as both key and value. Spreads have name nil.
    public static func objectMembers(_ object: Node) -> [ObjectMember] {
        var members: [ObjectMember] = []
        for child in object.namedChildren {
            switch child.nodeKind {
            case .pair:
                guard let key = child.child(byField: .key) else { continue }
                members.append(ObjectMember(
                    name: propertyName(key), key: key, value: child.child(byField: .value), node: child
                ))
            case .shorthandPropertyIdentifier:
                members.append(ObjectMember(name: child.text, key: child, value: child, node: child))
            case .methodDefinition:
                guard let key = child.child(byField: .name) else { continue }
                members.append(ObjectMember(name: propertyName(key), key: key, value: child, node: child))
            case .spreadElement:
                members.append(ObjectMember(name: nil, key: child, value: child.namedChild(0), node: child))
            default:
                continue
            }
        }
        return members
    }

    /// Text with runs of white space folded, for comparing two expressions.
    public static func normalisedText(_ node: Node) -> String {
        node.text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            .joined(separator: " ")
    }
}

public struct ObjectMember {
    /// The property name; nil for a spread or a computed key.
    public let name: String?
    public let key: Node
    public let value: Node?
    /// The whole member (`pair`, shorthand identifier, method or spread).
    public let node: Node

    public var isSpread: Bool { node.is(.spreadElement) }
}
