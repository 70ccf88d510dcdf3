import GrantedSyntax

/// A value made by a provisional-blind test and carried on: a boolean kept in a variable
/// (`const isGranted = status === 'granted'`), a word or a number the test picks
/// (`granted ? 'enabled' : 'disabled'`), what a local helper or hook returns, a React state set from
/// it. `site` is where the test is made — the one place `provisional-blind-check` reports it.
public struct BlindDerivation {
    /// The comparison (`status === 'granted'`, `authStatus === AuthorizationStatus.AUTHORIZED`) or
    /// the `granted` read that makes the value.
    public let site: Node
    /// What the test reads: a root status, `granted`, or a Firebase / Notifee authorization status.
    public let value: SymbolicValue
}

/// Values derived from a blind test: where each was made.
extension SemanticModel {
    /// The blind test the value of `expression` is made from, followed through variables (every write
    /// that reaches the read, literals left out), `!`, `Boolean(…)`, comparisons with a boolean, a
    /// ternary that picks a constant, `await` / `yield`, local functions and hooks (every value they
    /// return, literals left out; a member of the object they return), redux-saga `call(fn)` and a
    /// React state whose setter is only given such values. Nil when a path carries anything else, or
    /// when the test is made in provisional-aware code or in code that never runs on iOS.
    public func blindDerivation(of expression: Node) -> BlindDerivation? {
        var walk = DerivationWalk()
        return derivation(of: expression, depth: 0, walk: &walk)
    }

    /// The expressions on the way (no cycle through a recursive helper) and a bound on the steps
    /// (helpers returning helpers' results cannot multiply the work without end).
    struct DerivationWalk {
        var visiting = Set<NodeID>()
        var steps = 0
    }

    private func derivation(of expression: Node, depth: Int, walk: inout DerivationWalk) -> BlindDerivation? {
        walk.steps += 1
        guard depth < 12, walk.steps < 2_000 else { return nil }
        let node = Syntax.unwrap(expression)
        guard walk.visiting.insert(node.id).inserted else { return nil }
        defer { walk.visiting.remove(node.id) }
        func inner(_ next: Node?) -> BlindDerivation? {
            guard let next else { return nil }
            return derivation(of: next, depth: depth + 1, walk: &walk)
        }
        switch node.nodeKind {
        case .binaryExpression:
            if let comparison = rootStatusComparison(node) { return made(node, comparison.statusValue) }
            if let (_, status) = blindAuthorizationComparison(node) { return made(node, status) }
            // `isGranted === true`, `granted !== false`.
            guard let op = Syntax.operatorText(node), ["===", "!==", "==", "!="].contains(op),
                  let left = node.child(byField: .left), let right = node.child(byField: .right) else { return nil }
            if Syntax.booleanValue(right) != nil { return inner(left) }
            if Syntax.booleanValue(left) != nil { return inner(right) }
            return nil
        case .unaryExpression:
            guard Syntax.operatorText(node) == "!" else { return nil }
            return inner(node.child(byField: .argument))
        case .ternaryExpression:
            // `granted ? 'enabled' : 'disabled'`, `status === 'granted' ? 1 : 0`.
            guard let consequence = node.child(byField: .consequence), let alternative = node.child(byField: .alternative),
                  Self.isPlaceholder(consequence), Self.isPlaceholder(alternative) else { return nil }
            return inner(node.child(byField: .condition))
        case .awaitExpression, .yieldExpression:
            return inner(node.namedChildren.last { $0.nodeKind != .comment })
        case .callExpression:
            if let comparison = rootStatusComparison(node) { return made(node, comparison.statusValue) }
            guard let callee = node.child(byField: .function).map(Syntax.unwrap) else { return nil }
            let arguments = node.child(byField: .arguments)?.namedChildren.filter { $0.nodeKind != .comment } ?? []
            if callee.is(.identifier), callee.textEquals("Boolean") { return inner(arguments.first) }
            guard let function = calledLocalFunction(node) else { return nil }
            return returnedDerivation(function, depth: depth, walk: &walk)
        case .memberExpression:
            let read = value(of: node)
            if read.isGranted { return made(node, read) }
            guard let object = node.child(byField: .object), let property = node.child(byField: .property) else { return nil }
            return memberDerivation(property.text, of: object, depth: depth + 1, walk: &walk)
        case .identifier, .shorthandPropertyIdentifier:
            let read = value(of: node)
            if read.isGranted { return made(node, read) }
            guard let index = resolve(name: node.text, at: node) else { return nil }
            return bindingDerivation(index, at: node, depth: depth + 1, walk: &walk)
        default:
            return nil
        }
    }

    /// A blind test made where it is reported: not in provisional-aware code, not in code that never
    /// runs on iOS.
    private func made(_ site: Node, _ value: SymbolicValue) -> BlindDerivation? {
        if isProvisionalAware(site) || neverRunsOnIOS(site) { return nil }
        return BlindDerivation(site: site, value: value)
    }

    /// What a variable holds at `use`: the writes that reach it agree on one blind test (literals,
    /// the defaults before the real value, left out).
    private func bindingDerivation(_ index: Int, at use: Node, depth: Int, walk: inout DerivationWalk) -> BlindDerivation? {
        var found: BlindDerivation?
        for definition in reachingDefinitions(of: use, binding: index) {
            let expression: Node?
            let path: [PathStep]
            switch definition {
            case .declaration:
                guard case let .variable(initializer, declaredPath) = bindings[index].declaration else { return nil }
                expression = initializer
                path = declaredPath
            case let .write(write):
                guard let written = write.value else { return nil }
                expression = written
                path = write.path
            }
            guard let expression else { continue }
            if path.isEmpty, Self.isPlaceholder(expression) { continue }
            let candidate: BlindDerivation?
            switch path.count {
            case 0:
                candidate = derivation(of: expression, depth: depth, walk: &walk)
            case 1:
                switch path[0] {
                case let .property(name):
                    candidate = memberDerivation(name, of: expression, depth: depth, walk: &walk)
                case .index(0):
                    candidate = stateDerivation(index, initializer: expression, depth: depth, walk: &walk)
                default:
                    candidate = nil
                }
            default:
                candidate = nil
            }
            guard let candidate else { return nil }
            if found == nil { found = candidate }
        }
        return found
    }

    /// `result.isGranted`, `const { isGranted } = usePushPermission()`: the member of the object a
    /// local function or hook returns (every object it returns has it).
    private func memberDerivation(_ name: String, of object: Node, depth: Int, walk: inout DerivationWalk) -> BlindDerivation? {
        walk.steps += 1
        guard depth < 12, walk.steps < 2_000 else { return nil }
        var node = Syntax.unwrap(object)
        while node.is(.awaitExpression) || node.is(.yieldExpression),
              let argument = node.namedChildren.last(where: { $0.nodeKind != .comment }) {
            node = Syntax.unwrap(argument)
        }
        switch node.nodeKind {
        case .object:
            guard let member = Syntax.objectMembers(node).last(where: { $0.name == name }), let memberValue = member.value,
                  !member.node.is(.methodDefinition) else { return nil }
            return derivation(of: memberValue, depth: depth + 1, walk: &walk)
        case .callExpression:
            guard let function = calledLocalFunction(node) else { return nil }
            let returned = returnedExpressions(of: function)
            guard !returned.isEmpty else { return nil }
            var found: BlindDerivation?
            for expression in returned {
                guard let candidate = memberDerivation(name, of: expression, depth: depth + 1, walk: &walk) else { return nil }
                if found == nil { found = candidate }
            }
            return found
        case .identifier:
            // `const permission = usePushPermission(); permission.isGranted`.
            guard let index = resolve(name: node.text, at: node), bindings[index].writes.isEmpty,
                  case let .variable(initializer?, path) = bindings[index].declaration, path.isEmpty else { return nil }
            return memberDerivation(name, of: initializer, depth: depth + 1, walk: &walk)
        default:
            return nil
        }
    }

    /// The function a call runs when it is declared in this file: called by name (or as a method of a
    /// local object), or through redux-saga's `call(fn, …)`.
    func calledLocalFunction(_ call: Node) -> Node? {
        guard let callee = call.child(byField: .function) else { return nil }
        if case let .localFunction(function) = value(of: callee) { return function }
        let unwrapped = Syntax.unwrap(callee)
        guard unwrapped.is(.identifier), ["call", "callPromise"].contains(unwrapped.text) || importedSagaEffect(unwrapped) == "call",
              let first = call.child(byField: .arguments)?.namedChildren.first(where: { $0.nodeKind != .comment }),
              case let .localFunction(function) = value(of: first) else { return nil }
        return function
    }

    /// The redux-saga effect an identifier names when it is imported from redux-saga under another name.
    func importedSagaEffect(_ identifier: Node) -> String? {
        guard let index = resolve(name: identifier.text, at: identifier),
              case let .importNamed(module, name) = bindings[index].declaration, module.contains("redux-saga") else { return nil }
        return name
    }

    /// What a local function returns: every returned value (literals left out: `return false` in a
    /// `catch`) is the same blind test.
    private func returnedDerivation(_ function: Node, depth: Int, walk: inout DerivationWalk) -> BlindDerivation? {
        var found: BlindDerivation?
        for returned in returnedExpressions(of: function) where !Self.isPlaceholder(returned) {
            guard let candidate = derivation(of: returned, depth: depth + 1, walk: &walk) else { return nil }
            if found == nil { found = candidate }
        }
        return found
    }

    /// `const [enabled, setEnabled] = useState(false)`: every call of the setter in the file is given
    /// the same blind test (literals left out).
    private func stateDerivation(_ stateIndex: Int, initializer: Node, depth: Int, walk: inout DerivationWalk) -> BlindDerivation? {
        let call = Syntax.unwrap(initializer)
        guard call.is(.callExpression), let callee = call.child(byField: .function), callee.text.hasSuffix("useState"),
              let pattern = bindings[stateIndex].nameNode.parent, pattern.is(.arrayPattern),
              let setter = pattern.namedChildren.filter({ $0.nodeKind != .comment }).dropFirst().first,
              setter.is(.identifier), let setterIndex = resolve(name: setter.text, at: setter) else { return nil }
        var found: BlindDerivation?
        for read in references(of: setterIndex) {
            guard let parent = read.parent else { continue }
            // A dependency list (`[setEnabled]`) only names the setter.
            if parent.is(.array) { continue }
            // A setter handed on (`.then(setEnabled)`, `{ setEnabled }`) may be given anything.
            guard parent.is(.callExpression), parent.child(byField: .function)?.id == read.id else { return nil }
            guard let argument = parent.child(byField: .arguments)?.namedChildren.first(where: { $0.nodeKind != .comment }) else {
                continue
            }
            if Self.isPlaceholder(argument) { continue }
            guard let derived = derivation(of: argument, depth: depth + 1, walk: &walk) else { return nil }
            if found == nil { found = derived }
        }
        return found
    }

    /// Every read of a binding in the file (identifiers that refer to it, shorthand properties), in
    /// document order; found in one walk of the file, the first time one is asked for.
    func references(of index: Int) -> [Node] {
        if let cached = referencesCache { return cached[index] ?? [] }
        var found: [Int: [Node]] = [:]
        tree.walk { node in
            guard node.is(.identifier) || node.is(.shorthandPropertyIdentifier) else { return true }
            guard node.is(.shorthandPropertyIdentifier) || isReference(node), let binding = resolve(name: node.text, at: node) else { return true }
            found[binding, default: []].append(node)
            return true
        }
        referencesCache = found
        return found[index] ?? []
    }
}
