import GrantedSyntax

/// A write to a variable after its declaration.
public struct Write {
    /// Where the write happens: the assignment, update or loop head. Its position decides whether it
    /// reaches a use.
    public let node: Node
    /// The identifier written.
    public let target: Node
    /// The value written, reached through `path` (`({ status: s } = response)`); nil when the model
    /// does not follow it (`s += 1`, `s++`, `for (s of list)`). A `s ??= value` or `s ||= value`
    /// writes `value` where it runs: its `node` is the right operand, a branch of its own.
    public let value: Node?
    public let path: [SemanticModel.PathStep]
}

/// Where the value a variable holds at one use may come from.
public enum Definition {
    /// The declaration: its initializer through the pattern path, a parameter or a loop element.
    case declaration
    case write(Write)
}

/// Branches and loops of one function body, as byte ranges (nested functions left out).
struct FlowRegions {
    /// Code that may or may not run: `if` / `else` bodies, `?:` branches, right operands of
    /// `&&` `||` `??` (and `&&=` `||=` `??=`), loop bodies, `case` clauses, `try` / `catch` / `finally`.
    var conditional: [Range<Int>] = []
    /// Code that may run again after what follows it in the text: a loop's condition, update and body
    /// (`for…of`: from the loop variable on).
    var loops: [Range<Int>] = []
}

/// The value flow of variables that are written after their declaration (`let`, `var`, parameters).
///
/// For a use of such a variable the model takes the definitions that may reach it, within one
/// function body and in document order, conservatively:
/// - the last write before the use that runs whenever the use runs (not inside a branch, loop body,
///   `case`, `try` / `catch` / `finally` or right operand of `&&` `||` `??` that does not also contain
///   the use) is the base; without one, the declaration is;
/// - every write between the base and the use that may or may not run (inside such a region) is
///   added, and so is every write in another function (a callback or closure may run at any time),
///   and every write after the use inside a loop that contains the use but not the base;
/// - a use inside a closure sees the declaration and every write outside it, unless a write in the
///   closure itself comes first.
///
/// What the rules get from that:
/// - a value (`value(of:)`) is the one all definitions agree on, ignoring where each came from
///   (`finalStatus` is a root status whichever branch ran). Placeholders — a declaration without
///   initializer, `null`, `undefined`, strings, numbers, booleans, enum members — are left out when
///   there is real data. When two definitions disagree, or one is not understood (`s = await
///   other()`, `s += x`, `s++`), the value is unknown: no finding when in doubt;
/// - an object (`resolveObject`, `soleDefinition`) needs one single definition;
/// - a guard (`possibleValues`: denial, provisional and platform tests) counts when the variable
///   holds a status on any path, since a guard silences findings;
/// - the objects a handler may return (`possibleDefinitions`) are every reaching definition.
/// Not modelled: aliasing through objects and arrays, writes through `eval` / `with`, `var`
/// redeclarations, and exceptions leaving a `try` early (a `try` body is treated as a branch).
extension SemanticModel {
    /// The definitions that may reach `use`, a reference to binding `index`, base first; just the
    /// declaration for a binding that is never written.
    public func reachingDefinitions(of use: Node, binding index: Int) -> [Definition] {
        let binding = bindings[index]
        guard !binding.writes.isEmpty else { return [.declaration] }
        // The declaring name itself, or the identifier a write assigns: the value it receives.
        if use.id == binding.nameNode.id { return [.declaration] }
        if let own = binding.writes.first(where: { $0.target.id == use.id }) { return [.write(own)] }

        let useRange = use.byteRange
        let function = enclosingFunction(of: use)
        let functionID = (function ?? tree.root).id
        let regions = flowRegions(of: function)
        let declarationPosition: Range<Int>
        switch binding.declaration {
        case let .parameter(_, _, _, parameter): declarationPosition = parameter.byteRange
        default: declarationPosition = binding.nameNode.byteRange
        }

        var base = Definition.declaration
        var basePosition = declarationPosition
        var others: [Write] = []
        var preceding: [Write] = []
        var following: [Write] = []
        for write in binding.writes {
            if (enclosingFunction(of: write.node) ?? tree.root).id != functionID {
                others.append(write)
            } else if write.node.endByte <= use.startByte {
                preceding.append(write)
            } else {
                following.append(write)
            }
        }
        // The last write before the use that runs whenever the use does.
        var conditional: [Write] = []
        for write in preceding.reversed() {
            if regions.conditional.contains(where: { $0.encloses(write.node.byteRange) && !$0.encloses(useRange) }) {
                conditional.append(write)
            } else {
                base = .write(write)
                basePosition = write.node.byteRange
                break
            }
        }
        var result = [base]
        result += conditional.reversed().map(Definition.write)
        for write in following where regions.loops.contains(where: {
            $0.encloses(useRange) && $0.encloses(write.node.byteRange) && !$0.encloses(basePosition)
        }) {
            result.append(.write(write))
        }
        result += others.map(Definition.write)
        return result
    }

    /// What a definition gives: the declaration's value, or the written value through its path, and
    /// whether it is a placeholder (a declaration without initializer, a literal, an enum member).
    func definitionValue(_ definition: Definition, binding index: Int) -> (value: SymbolicValue, isPlaceholder: Bool) {
        let result: SymbolicValue
        switch definition {
        case .declaration:
            if case .variable(initializer: let initializer, path: _) = bindings[index].declaration {
                guard let initializer, !Self.isPlaceholder(initializer) else { return (.unknown, true) }
            }
            result = declarationValue(index)
        case let .write(write):
            guard let written = write.value else { return (.unknown, false) }
            if write.path.isEmpty, Self.isPlaceholder(written) { return (.unknown, true) }
            result = follow(value(of: written), through: write.path, initializer: written)
            // `ok = res.granted` is the decision site that gets reported, as for a declaration.
            if write.path.isEmpty, result.isGranted { return (.unknown, false) }
        }
        switch result {
        case .expoEnumMember, .authorizationEnumMember:
            // `status = PermissionStatus.UNDETERMINED`: a constant, not permission data.
            return (result, true)
        default:
            return (result, false)
        }
    }

    /// The value of a reference to a binding that is written after its declaration.
    func flowValue(of use: Node, binding index: Int) -> SymbolicValue {
        merged(reachingDefinitions(of: use, binding: index).map { definitionValue($0, binding: index) })
    }

    /// The value the definitions agree on (ignoring where each came from): placeholders count only
    /// when every definition is one.
    func merged(_ values: [(value: SymbolicValue, isPlaceholder: Bool)]) -> SymbolicValue {
        let data = values.filter { !$0.isPlaceholder }.map(\.value)
        let candidates = data.isEmpty ? values.map(\.value) : data
        guard let first = candidates.first, !first.isUnknown,
              candidates.dropFirst().allSatisfy({ first.agrees(with: $0) }) else { return .unknown }
        return first
    }

    /// Every value `expression` may have, for checks that look for a guard (a denial test, a
    /// provisional test, a platform test): a guard on a variable that holds a status on one path is
    /// still a guard, so a finding it would silence stays silent when in doubt. Follows member
    /// chains and `await` from a variable written after its declaration; elsewhere the one value.
    public func possibleValues(of expression: Node) -> [SymbolicValue] {
        possibleValues(of: expression, depth: 0)
    }

    private func possibleValues(of expression: Node, depth: Int) -> [SymbolicValue] {
        let known = value(of: expression)
        // Bounded like `value(of:)`: no member chain can exhaust a worker thread's stack.
        if !known.isUnknown || depth > 32 { return [known] }
        let node = Syntax.unwrap(expression)
        var values: [SymbolicValue]
        switch node.nodeKind {
        case .identifier, .shorthandPropertyIdentifier:
            guard let index = resolve(name: node.text, at: node), !bindings[index].writes.isEmpty else { return [known] }
            values = reachingDefinitions(of: node, binding: index).map { definitionValue($0, binding: index).value }
        case .memberExpression:
            guard let object = node.child(byField: .object), let property = node.child(byField: .property) else { return [known] }
            values = possibleValues(of: object, depth: depth + 1).map { member($0, property.text) }
        case .subscriptExpression:
            guard let object = node.child(byField: .object), let index = node.child(byField: .index) else { return [known] }
            if let position = Syntax.numberValue(index) {
                values = possibleValues(of: object, depth: depth + 1).map { element($0, position) }
            } else if let name = Syntax.stringValue(index) {
                values = possibleValues(of: object, depth: depth + 1).map { member($0, name) }
            } else {
                return [known]
            }
        case .awaitExpression:
            guard let argument = node.namedChildren.first(where: { $0.nodeKind != .comment }) else { return [known] }
            values = possibleValues(of: argument, depth: depth + 1).map(awaited)
        default:
            return [known]
        }
        values = values.filter { !$0.isUnknown }
        return values.isEmpty ? [known] : values
    }

    /// The one expression (and destructuring path) that gives the value `use` holds, when exactly one
    /// definition reaches it; nil otherwise (several, or one the model does not follow).
    public func soleDefinition(of use: Node) -> (value: Node, path: [PathStep])? {
        guard let index = resolve(name: use.text, at: use) else { return nil }
        let definitions = reachingDefinitions(of: use, binding: index)
        guard definitions.count == 1, let definition = definitions.first else { return nil }
        return expression(of: definition, binding: index)
    }

    /// Every definition that may reach `use`, as expressions with their destructuring paths; nil when
    /// one of them is not an expression the model follows.
    public func possibleDefinitions(of use: Node) -> [(value: Node, path: [PathStep])]? {
        guard let index = resolve(name: use.text, at: use) else { return nil }
        var result: [(value: Node, path: [PathStep])] = []
        for definition in reachingDefinitions(of: use, binding: index) {
            guard let found = expression(of: definition, binding: index) else { return nil }
            result.append(found)
        }
        return result
    }

    private func expression(of definition: Definition, binding index: Int) -> (value: Node, path: [PathStep])? {
        switch definition {
        case .declaration:
            guard case let .variable(initializer?, path) = bindings[index].declaration else { return nil }
            return (initializer, path)
        case let .write(write):
            return write.value.map { ($0, write.path) }
        }
    }

    /// A literal that holds no permission data: a default before the real value is assigned.
    static func isPlaceholder(_ expression: Node) -> Bool {
        let node = Syntax.unwrap(expression)
        switch node.nodeKind {
        case .null, .undefined, .true, .false, .number, .string:
            return true
        case .templateString:
            return Syntax.stringValue(node) != nil
        default:
            return false
        }
    }

    /// The branch and loop regions of a function body (the whole file's top level for nil), found in
    /// one walk that does not enter nested functions.
    func flowRegions(of function: Node?) -> FlowRegions {
        let owner = function ?? tree.root
        if let cached = flowRegionsCache[owner.id] { return cached }
        var regions = FlowRegions()
        let start = owner.startByte
        let end = owner.endByte
        tree.walk { node in
            if node.endByte <= start || node.startByte >= end { return false }
            // The owner's ancestors are walked through; only nodes inside it count.
            guard node.startByte >= start, node.endByte <= end else { return true }
            if node.id != owner.id, Syntax.functionKinds.contains(node.nodeKind) || node.is(.class) || node.is(.classDeclaration) {
                return false
            }
            switch node.nodeKind {
            case .ifStatement, .ternaryExpression:
                for field: FieldName in [.consequence, .alternative] {
                    if let branch = node.child(byField: field) { regions.conditional.append(branch.byteRange) }
                }
            case .binaryExpression:
                if let op = Syntax.operatorText(node), ["&&", "||", "??"].contains(op),
                   let right = node.child(byField: .right) {
                    regions.conditional.append(right.byteRange)
                }
            case .augmentedAssignmentExpression:
                if let op = Syntax.operatorText(node), ["&&=", "||=", "??="].contains(op),
                   let right = node.child(byField: .right) {
                    regions.conditional.append(right.byteRange)
                }
            case .forStatement:
                let repeated = (node.child(byField: .initializer)?.endByte ?? node.startByte)..<node.endByte
                regions.conditional.append(repeated)
                regions.loops.append(repeated)
            case .forInStatement:
                if let body = node.child(byField: .body) { regions.conditional.append(body.byteRange) }
                regions.loops.append((node.child(byField: .left)?.startByte ?? node.startByte)..<node.endByte)
            case .whileStatement, .doStatement:
                if let body = node.child(byField: .body) { regions.conditional.append(body.byteRange) }
                regions.loops.append(node.byteRange)
            case .switchCase, .switchDefault:
                regions.conditional.append(node.byteRange)
            case .tryStatement:
                for field: FieldName in [.body, .handler, .finalizer] {
                    if let part = node.child(byField: field) { regions.conditional.append(part.byteRange) }
                }
            default:
                break
            }
            return true
        }
        flowRegionsCache[owner.id] = regions
        return regions
    }
}

extension Range where Bound == Int {
    /// Whether `other` lies within this range.
    func encloses(_ other: Range<Int>) -> Bool {
        lowerBound <= other.lowerBound && other.upperBound <= upperBound
    }
}

extension SymbolicValue {
    /// The same value but for where it came from.
    func agrees(with other: SymbolicValue) -> Bool {
        guard let origin else { return self == other }
        return self == other.replacingOrigin(with: origin)
    }

    /// This value with another origin (values without one are returned as they are).
    func replacingOrigin(with origin: Range<Int>) -> SymbolicValue {
        switch self {
        case .permissionPromise: return .permissionPromise(origin: origin)
        case .permissionResponse: return .permissionResponse(origin: origin)
        case .permissionHookTuple: return .permissionHookTuple(origin: origin)
        case .permissionFunction: return .permissionFunction(origin: origin)
        case .permissionQuery: return .permissionQuery(origin: origin)
        case .rootStatus: return .rootStatus(origin: origin)
        case .granted: return .granted(origin: origin)
        case .canAskAgain: return .canAskAgain(origin: origin)
        case .iosSettings: return .iosSettings(origin: origin)
        case .iosStatus: return .iosStatus(origin: origin)
        case let .authorizationStatus(library, _): return .authorizationStatus(library, origin: origin)
        case let .authorizationPromise(library, _): return .authorizationPromise(library, origin: origin)
        case .notifeeSettings: return .notifeeSettings(origin: origin)
        default: return self
        }
    }
}
