import GrantedDiscovery
import GrantedSyntax

/// What a project's exported helpers are handed: a function exported by one file and called from
/// others (`isPermissionGranted(response)`, `toSwitchState(settings.status)`) receives, in a
/// parameter, what every call of it in the project passes there. Each call is a write of the
/// parameter, kept in the project's table of store fields (`StoreCells.swift`) under the key
/// `helper:<name>.<file>#<position>`, so a parameter counts when every call the project shows agrees
/// on a root status or on a whole response, and any other argument (a literal, a server value, the
/// function passed around) makes it unknown.
///
/// The calls seen are those of the files that use notification code (the files whose writes the
/// index records), so a helper is followed only in a file that uses expo-notifications itself: a
/// generic helper of another file, which camera or location code may call with its own statuses,
/// or an analytics wrapper (reported where the status is passed in), stays unknown. A call that
/// hands a position nothing records nothing there.
extension SemanticModel {
    /// The positions of a helper's parameters whose arguments are recorded.
    static let helperParameterPositions = 0..<4

    /// The table key of a parameter of the helper `name` exported by `file`.
    static func helperParameterKey(name: String, file: String, position: Int) -> String {
        "helper:\(name).\(absolute(file))#\(position)"
    }

    /// Every call of this file to a named function imported from a project file, or to a function
    /// this file exports: what it hands each parameter.
    func helperArgumentWrites() -> [(key: String, value: StoreCellValue)] {
        guard importsExpoNotifications || usesExpoNotifications || importsProjectPermissionCode else { return [] }
        var writes: [(key: String, value: StoreCellValue)] = []
        var exportedHere: [Int: String]?
        func helperName(_ callee: Node) -> (name: String, file: String)? {
            guard callee.is(.identifier), let index = resolve(name: callee.text, at: callee) else { return nil }
            switch bindings[index].declaration {
            case let .importNamed(module, name):
                guard module.hasPrefix("."), let file = project?.file(ofModule: module, importedFrom: path) else { return nil }
                return (name, file)
            case .function, .variable:
                if exportedHere == nil { exportedHere = exportedFunctionBindings() }
                return exportedHere?[index].map { ($0, path) }
            default:
                return nil
            }
        }
        for call in calls {
            guard let callee = call.child(byField: .function).map(Syntax.unwrap), let (name, file) = helperName(callee) else { continue }
            let arguments = call.child(byField: .arguments)?.namedChildren.filter { $0.nodeKind != .comment } ?? []
            var spread = false
            for position in Self.helperParameterPositions where position < arguments.count {
                if arguments[position].is(.spreadElement) { spread = true }
                var kind = StoreCellValue.other
                if !spread {
                    switch value(of: arguments[position]) {
                    case .rootStatus: kind = .rootStatus
                    case .permissionResponse: kind = .permissionResponse
                    default: break
                    }
                }
                writes.append((Self.helperParameterKey(name: name, file: file, position: position), kind))
            }
        }
        return writes
    }

    /// The bindings of functions this file exports by name (`export function f`, `export const f =
    /// () => …`, `export { f }`), with the exported name.
    private func exportedFunctionBindings() -> [Int: String] {
        var result: [Int: String] = [:]
        for statement in tree.root.namedChildren where statement.is(.exportStatement) {
            if let declaration = statement.child(byField: .declaration) {
                var names: [Node] = []
                if let name = declaration.child(byField: .name) { names.append(name) }
                for declarator in declaration.namedChildren where declarator.is(.variableDeclarator) {
                    if let name = declarator.child(byField: .name), name.is(.identifier) { names.append(name) }
                }
                for name in names {
                    if let index = resolve(name: name.text, at: name) { result[index] = name.text }
                }
            }
            for clause in statement.namedChildren where clause.is(.exportClause) {
                guard statement.child(byField: .source) == nil else { continue }
                for specifier in clause.namedChildren where specifier.is(.exportSpecifier) {
                    guard let local = specifier.child(byField: .name), let index = resolve(name: local.text, at: local) else { continue }
                    result[index] = (specifier.child(byField: .alias) ?? local).text
                }
            }
        }
        return result
    }

    /// What every call the project shows hands parameter `position` of `function`, when this file
    /// exports it by name and is about notifications: a root status or a whole response.
    func exportedHelperParameterValue(function: Node, position: Int, parameter: Node) -> SymbolicValue? {
        guard Self.helperParameterPositions.contains(position),
              importsExpoNotifications || usesExpoNotifications else { return nil }
        guard let nameNode = helperNameNode(of: function), !Self.isAnalyticsFunctionName(nameNode.text),
              let index = resolve(name: nameNode.text, at: nameNode), let exported = exportedFunctionBindings()[index] else { return nil }
        switch storeCell(Self.helperParameterKey(name: exported, file: path, position: position)) {
        case .rootStatus?: return .rootStatus(origin: parameter.byteRange)
        case .permissionResponse?: return .permissionResponse(origin: parameter.byteRange)
        default: return nil
        }
    }

    /// The name a function is declared with (`function f`, `const f = () => …`).
    func helperNameNode(of function: Node) -> Node? {
        let nameNode: Node?
        switch function.nodeKind {
        case .functionDeclaration, .generatorFunctionDeclaration:
            nameNode = function.child(byField: .name)
        case .arrowFunction, .functionExpression:
            guard let context = Syntax.outerContext(of: function), context.parent.is(.variableDeclarator) else { return nil }
            nameNode = context.parent.child(byField: .name)
        default:
            return nil
        }
        guard let nameNode, nameNode.is(.identifier) else { return nil }
        return nameNode
    }
}
