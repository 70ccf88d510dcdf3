import GrantedSyntax

/// expo-notifications reached through a loader. Apps that must start without the native module
/// (dev clients, the web, tests) load it when first needed and keep it:
/// - in a module-level variable (`let cached; … cached = require('expo-notifications')`, `null`
///   in a `catch`) — `ValueFlow.swift` merges the writes, placeholders aside;
/// - in a class field (`this.notifications ??= await import('expo-notifications')`), declared
///   empty (`private notifications?: typeof import('expo-notifications')`) or not at all;
/// - behind functions that return it, in this file or another (`ExportedResult.expoModule`);
/// - in a parameter whose default is the module, or that every call hands the module.
/// Only a value that runs counts: a type (`typeof import(…)`, `import type * as N`) says what the
/// code expects, not what it holds, and a loader that may return a stub is not the module.

/// An assignment to a property of `this`: `this.name = value`, `this.name ??= value`.
struct ThisPropertyWrite {
    let name: String
    /// The `this.name` expression written.
    let target: Node
    /// What is written; nil when the model does not follow it (`this.count += 1`).
    let value: Node?

    init?(_ assignment: Node) {
        guard let left = assignment.child(byField: .left), left.is(.memberExpression),
              let object = left.child(byField: .object), object.is(.this),
              let property = left.child(byField: .property), let name = Syntax.propertyName(property) else { return nil }
        self.name = name
        self.target = left
        if assignment.is(.assignmentExpression) {
            value = assignment.child(byField: .right)
        } else {
            value = SemanticModel.logicalAssignmentValue(assignment)
        }
    }
}

extension SemanticModel {
    /// The right operand of `x ??= value` or `x ||= value` (which writes it when `x` is empty);
    /// nil for the other compound assignments.
    static func logicalAssignmentValue(_ assignment: Node) -> Node? {
        guard assignment.is(.augmentedAssignmentExpression), let op = Syntax.operatorText(assignment),
              op == "??=" || op == "||=" else { return nil }
        return assignment.child(byField: .right)
    }

    /// What an assignment expression evaluates to: `x = value` gives `value`
    /// (`return cached ?? (cached = require('expo-notifications'))`); `x ??= value` gives what every
    /// definition of `x` agrees on (`return (cached ??= require(…))`), or what the class field
    /// `this.x` holds.
    func assignmentValue(_ assignment: Node) -> SymbolicValue {
        guard let left = assignment.child(byField: .left) else { return .unknown }
        if assignment.is(.assignmentExpression) {
            return assignment.child(byField: .right).map { value(of: $0) } ?? .unknown
        }
        guard Self.logicalAssignmentValue(assignment) != nil else { return .unknown }
        if left.is(.identifier) {
            return resolve(name: left.text, at: left).map { value(ofBinding: $0) } ?? .unknown
        }
        if ThisPropertyWrite(assignment) != nil { return value(of: left) }
        return .unknown
    }

    /// What a class keeps in a field that its own code fills (a field declared without a value or
    /// with a placeholder, or not declared): expo-notifications when every value written to
    /// `this.name` in the class, placeholders aside, is the module — the lazily loaded module.
    func moduleKeptInField(of classNode: Node, _ name: String) -> SymbolicValue {
        var loaded = false
        for write in thisPropertyWrites where write.name == name && classNode.byteRange.encloses(write.target.byteRange) {
            // `this` of a nested class or function is another object.
            guard case let .localClass(owner) = thisValue(at: write.target), owner.id == classNode.id else { continue }
            guard let written = write.value else { return .unknown }
            if Self.isPlaceholder(written) { continue }
            guard value(of: written) == .expoModule else { return .unknown }
            loaded = true
        }
        return loaded ? .expoModule : .unknown
    }

    /// expo-notifications in a parameter: its default is the module
    /// (`function setUp(Notifications = require('expo-notifications'))`), or the function is called
    /// only in this file, by name, and every call (one at least) hands it the module
    /// (`registerForPush(await import('expo-notifications'))`).
    func moduleParameterValue(function: Node, index: Int, parameter: Node) -> SymbolicValue? {
        let fallback = parameter.is(.assignmentPattern) ? parameter.child(byField: .right) : parameter.child(byField: .value)
        if let fallback, value(of: fallback) == .expoModule { return .expoModule }
        guard importsExpoNotifications || usesExpoNotifications,
              let arguments = argumentsOfEveryCall(of: function), !arguments.isEmpty else { return nil }
        for list in arguments {
            guard index < list.count, !list[0...index].contains(where: { $0.is(.spreadElement) }),
                  value(of: list[index]) == .expoModule else { return nil }
        }
        return .expoModule
    }

    /// The arguments of every call of a function declared with a name in this file, when nothing
    /// else can call it: it is not exported, and its name appears only where it is declared and as
    /// the callee of calls. Nil otherwise (it is passed around, exported, or has no name).
    func argumentsOfEveryCall(of function: Node) -> [[Node]]? {
        if let known = everyCallArgumentsCache[function.id] { return known }
        let found = findArgumentsOfEveryCall(of: function)
        everyCallArgumentsCache[function.id] = .some(found)
        return found
    }

    private func findArgumentsOfEveryCall(of function: Node) -> [[Node]]? {
        var name: Node?
        var declaration = function
        switch function.nodeKind {
        case .functionDeclaration, .generatorFunctionDeclaration:
            name = function.child(byField: .name)
        case .arrowFunction, .functionExpression:
            // `const register = async (Notifications) => …`
            guard let context = Syntax.outerContext(of: function), context.parent.is(.variableDeclarator),
                  context.parent.child(byField: .value)?.id == context.child.id else { return nil }
            name = context.parent.child(byField: .name)
            declaration = context.parent.parent ?? context.parent
        default:
            return nil
        }
        guard let name, name.is(.identifier), declaration.parent?.nodeKind != .exportStatement,
              let binding = resolve(name: name.text, at: name), bindings[binding].nameNode.id == name.id else { return nil }
        var result: [[Node]] = []
        let length = name.endByte - name.startByte
        for offset in tree.source.offsets(of: name.text) {
            guard let occurrence = tree.root.descendant(spanning: offset..<(offset + length)),
                  occurrence.startByte == offset, occurrence.endByte == offset + length,
                  occurrence.is(.identifier) || occurrence.is(.shorthandPropertyIdentifier) else { continue }
            if occurrence.id == name.id { continue }
            guard resolve(name: name.text, at: occurrence) == binding else { continue }
            guard let call = occurrence.parent, call.is(.callExpression), call.child(byField: .function)?.id == occurrence.id,
                  let list = call.child(byField: .arguments), list.is(.arguments) else { return nil }
            result.append(list.namedChildren.filter { $0.nodeKind != .comment })
        }
        return result
    }
}
