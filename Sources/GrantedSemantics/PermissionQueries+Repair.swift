import GrantedSyntax

/// How code can name one of expo-notifications' enums (`IosAuthorizationStatus`), for a fix that
/// writes a member of it.
public struct ExpoEnumReference {
    /// `Notifications.IosAuthorizationStatus`, `IosAuthorizationStatus`, or the file's own alias.
    public let text: String
    /// When the file does not name the enum yet: the braced list to add `text` to (the named imports
    /// of an `import … from 'expo-notifications'`, or the pattern of a `const { … } = require(…)`).
    public let listToExtend: Node?
}

/// Questions a fix that rewrites permission decisions asks: is this pattern a destructured response,
/// is this name free, how is the enum reached.
extension SemanticModel {
    /// Whether the destructuring pattern that declares binding `index` (`const { status } = await
    /// getPermissionsAsync()`, `.then(({ granted }) => …)`) takes apart an expo permission response
    /// itself (not an object of the app's own that carries a status).
    public func destructuresPermissionResponse(binding index: Int) -> Bool {
        switch bindings[index].declaration {
        case let .variable(initializer?, path) where path.count == 1:
            return value(of: initializer).isPermissionResponse
        case let .parameter(function, position, path, parameter) where path.count == 1:
            return parameterValue(function: function, index: position, parameter: parameter).isPermissionResponse
        default:
            return false
        }
    }

    /// The scope node (function, block or program) in which `node` is declared or used.
    public func scopeNode(containing node: Node) -> Node {
        scopes[scopeIndex(containing: node)].node
    }

    /// Whether a variable named `name` is declared or referenced inside `range` (an identifier, not a
    /// property name, a string or a comment): a new binding of that name there would clash or shadow.
    public func variableNameOccurs(_ name: String, within range: Range<Int>) -> Bool {
        let length = name.utf8.count
        for offset in tree.source.offsets(of: name) where range.lowerBound <= offset && offset + length <= range.upperBound {
            guard let node = tree.root.descendant(spanning: offset..<(offset + length)),
                  node.startByte == offset, node.endByte == offset + length else { continue }
            switch node.nodeKind {
            case .identifier, .shorthandPropertyIdentifier, .shorthandPropertyIdentifierPattern:
                return true
            default:
                continue
            }
        }
        return false
    }

    /// How to name expo-notifications' enum `enumName` at every place of `places`: a module-level
    /// binding of the enum itself (`import { IosAuthorizationStatus as IOS }`), else the module object
    /// (`import * as N`, a default import, `const N = require(…)`) as `N.IosAuthorizationStatus`, else
    /// a name added to the file's named imports from expo-notifications (or to a destructured
    /// `require`), when the file uses no variable of that name. Type-only imports do not count; nil
    /// when nothing fits or a local binding shadows the name at one of the places.
    public func expoEnumReference(_ enumName: String, usableAt places: [Node]) -> ExpoEnumReference? {
        // Imports and `require`s first (not `const N = Notifications`), then by name.
        func isImport(_ index: Int) -> Bool {
            switch bindings[index].declaration {
            case .importNamespace, .importDefault, .importNamed: return true
            case let .variable(initializer?, _):
                let call = Syntax.unwrap(initializer)
                return call.is(.callExpression) && call.child(byField: .function)?.textEquals("require") == true
            default: return false
            }
        }
        let module = scopes[0].bindings.sorted { (isImport($0.value) ? 0 : 1, $0.key) < (isImport($1.value) ? 0 : 1, $1.key) }
        func usable(_ name: String, _ index: Int) -> Bool {
            !isTypeOnlyImport(bindings[index].nameNode) && places.allSatisfy { resolve(name: name, at: $0) == index }
        }
        for (name, index) in module where value(ofBinding: index) == .expoExport(enumName) && usable(name, index) {
            return ExpoEnumReference(text: name, listToExtend: nil)
        }
        for (name, index) in module where value(ofBinding: index) == .expoModule && usable(name, index) {
            return ExpoEnumReference(text: "\(name).\(enumName)", listToExtend: nil)
        }
        guard !variableNameOccurs(enumName, within: tree.root.byteRange) else { return nil }
        for statement in tree.root.namedChildren {
            switch statement.nodeKind {
            case .importStatement:
                guard let source = statement.child(byField: .source),
                      Syntax.stringValue(source) == SemanticModel.expoNotificationsModule,
                      !statement.children.contains(where: { !$0.isNamed && $0.is(.type) }),
                      let clause = statement.namedChildren.first(where: { $0.is(.importClause) }),
                      let list = clause.namedChildren.first(where: { $0.is(.namedImports) }),
                      list.namedChildren.contains(where: { $0.is(.importSpecifier) }) else { continue }
                return ExpoEnumReference(text: enumName, listToExtend: list)
            case .lexicalDeclaration, .variableDeclaration:
                for declarator in statement.namedChildren where declarator.is(.variableDeclarator) {
                    guard let pattern = declarator.child(byField: .name), pattern.is(.objectPattern),
                          let initializer = declarator.child(byField: .value), value(of: initializer) == .expoModule,
                          !pattern.namedChildren.contains(where: { $0.is(.restPattern) }) else { continue }
                    return ExpoEnumReference(text: enumName, listToExtend: pattern)
                }
            default:
                continue
            }
        }
        return nil
    }

    /// `import type { X }`, `import { type X }`: names a type, not a value.
    private func isTypeOnlyImport(_ nameNode: Node) -> Bool {
        var current: Node? = nameNode.parent
        while let node = current {
            if node.is(.importSpecifier) || node.is(.importStatement),
               node.children.contains(where: { !$0.isNamed && $0.is(.type) }) {
                return true
            }
            if node.is(.importStatement) || node.is(.program) { return false }
            current = node.parent
        }
        return false
    }
}
