import GrantedSyntax

/// What a permission request's options say about provisional authorization: expo's
/// `ios.allowProvisional`, Firebase's and Notifee's `provisional`.
public enum ProvisionalOption: Sendable {
    /// Literal `true` (in every branch of a ternary choosing the options).
    case always
    /// Literal `false`, `null` / `undefined`, or no such key at all: the full request.
    case never
    /// An expression that can be true (`mode === 'provisional'`, a flag), or options whose
    /// branches differ.
    case sometimes
    /// Options the model cannot see into (a parameter, a spread, a call result).
    case unknown

    /// Whether the request can be a provisional one.
    public var canBeProvisional: Bool { self == .always || self == .sometimes }
}

extension SemanticModel {
    // MARK: - Request options

    /// The `ios` object of expo request options: `.literal` when it can be read, `.absent` when
    /// there is none, `.unresolvable` when a spread or a non-literal hides it.
    public func iosRequestOptions(_ options: Node?) -> ObjectResolution {
        guard case let .literal(object) = resolveObject(options) else { return resolveObject(options) }
        let members = Syntax.objectMembers(object)
        if members.contains(where: \.isSpread) { return .unresolvable }
        guard let ios = members.last(where: { $0.name == "ios" }) else { return .absent }
        let resolved = resolveObject(ios.value)
        if case let .literal(iosObject) = resolved, Syntax.objectMembers(iosObject).contains(where: \.isSpread) {
            return .unresolvable
        }
        return resolved
    }

    /// What expo request options (`{ ios: { allowProvisional } }`) ask for. A ternary choosing
    /// between two option objects is read branch by branch.
    public func provisionalOption(ofExpoOptions options: Node?) -> ProvisionalOption {
        if let branches = ternaryBranches(options) {
            return combine(provisionalOption(ofExpoOptions: branches.0), provisionalOption(ofExpoOptions: branches.1))
        }
        guard case let .literal(object) = resolveObject(options) else {
            return resolveObject(options).isAbsent ? .never : .unknown
        }
        switch explicitMember("ios", of: object) {
        case .absent: return .never
        case .unresolvable: return .unknown
        case let .literal(iosMember):
            guard let iosValue = iosMember.value else { return .unknown }
            guard case let .literal(ios) = resolveObject(iosValue) else {
                return resolveObject(iosValue).isAbsent ? .never : .unknown
            }
            switch explicitMember("allowProvisional", of: ios) {
            case .absent: return .never
            case .unresolvable: return .unknown
            case let .literal(member): return flagOption(member)
            }
        }
    }

    /// The member `name` of an object literal when no spread after it can override it: `.absent`
    /// when neither it nor a spread is there, `.unresolvable` when a spread may hide or replace it.
    private func explicitMember(_ name: String, of object: Node) -> MemberResolution {
        let members = Syntax.objectMembers(object)
        let lastSpread = members.lastIndex(where: \.isSpread)
        guard let index = members.lastIndex(where: { $0.name == name }) else {
            return lastSpread == nil ? .absent : .unresolvable
        }
        if let lastSpread, lastSpread > index { return .unresolvable }
        return .literal(members[index])
    }

    private enum MemberResolution {
        case absent
        case literal(ObjectMember)
        case unresolvable
    }

    /// What Firebase's or Notifee's `requestPermission` options (`{ provisional }`) ask for.
    func provisionalOption(ofLibraryOptions options: Node?) -> ProvisionalOption {
        if let branches = ternaryBranches(options) {
            return combine(provisionalOption(ofLibraryOptions: branches.0), provisionalOption(ofLibraryOptions: branches.1))
        }
        guard case let .literal(object) = resolveObject(options) else {
            return resolveObject(options).isAbsent ? .never : .unknown
        }
        switch explicitMember("provisional", of: object) {
        case .absent: return .never
        case .unresolvable: return .unknown
        case let .literal(member): return flagOption(member)
        }
    }

    private func ternaryBranches(_ options: Node?) -> (Node, Node)? {
        guard let ternary = options.map(Syntax.unwrap), ternary.is(.ternaryExpression),
              let consequence = ternary.child(byField: .consequence),
              let alternative = ternary.child(byField: .alternative) else { return nil }
        return (consequence, alternative)
    }

    private func combine(_ first: ProvisionalOption, _ second: ProvisionalOption) -> ProvisionalOption {
        if first == second { return first }
        return first.canBeProvisional || second.canBeProvisional ? .sometimes : .unknown
    }

    /// A boolean option's value: a literal, a local constant initialised with one, or an expression.
    private func flagOption(_ member: ObjectMember) -> ProvisionalOption {
        guard var value = member.value.map(Syntax.unwrap) else { return .unknown }
        if value.is(.identifier) || value.is(.shorthandPropertyIdentifier),
           let index = resolve(name: value.text, at: value),
           case let .variable(initializer?, path) = bindings[index].declaration, path.isEmpty,
           bindings[index].writes.isEmpty, Syntax.booleanValue(initializer) != nil {
            value = Syntax.unwrap(initializer)
        }
        switch value.nodeKind {
        case .true: return .always
        case .false, .null, .undefined: return .never
        default: return .sometimes
        }
    }

    /// A call of the request function of `usePermissions(options)`, with the options given to the
    /// hook, which forwards them to `requestPermissionsAsync` (facts: The hook).
    public func hookRequest(_ call: Node) -> PermissionRequestCall? {
        guard call.is(.callExpression), let callee = call.child(byField: .function),
              case let .permissionFunction(origin) = value(of: callee), hookTuplePosition(of: callee) == 1,
              let hook = calls.first(where: { $0.byteRange == origin }) else { return nil }
        let options = hook.child(byField: .arguments)?.namedChildren.first { $0.nodeKind != .comment }
        return PermissionRequestCall(call: call, options: options)
    }

    /// Which element of the `usePermissions()` tuple a function expression is (1: request, 2: get),
    /// when the destructuring or the subscript says.
    public func hookTuplePosition(of function: Node) -> Int? {
        var node = Syntax.unwrap(function)
        for _ in 0..<4 {
            switch node.nodeKind {
            case .subscriptExpression:
                return node.child(byField: .index).flatMap(Syntax.numberValue)
            case .identifier:
                guard let index = resolve(name: node.text, at: node),
                      case let .variable(initializer, path) = bindings[index].declaration else { return nil }
                switch path.last {
                case let .index(position)?: return position
                case let .property(name)?: return Int(name)
                case .rest?: return nil
                case nil:
                    guard let initializer else { return nil }
                    node = Syntax.unwrap(initializer)
                }
            default:
                return nil
            }
        }
        return nil
    }

    // MARK: - Request guards

    /// Whether a test of the permission state keeps a device that declined away from `node`, a
    /// request of `library`: an enclosing `if`, ternary, loop or `&&` / `||` whose condition is false
    /// (or true, on the `else` side) on such a device, or an earlier statement of an enclosing block
    /// that leaves the function (`return` / `throw`) under a test that holds on it. Nested function
    /// expressions and arrows are climbed through (they only run once the flow reached them); a
    /// named function that is not exported and is only called where such a test comes first counts
    /// as guarded too.
    ///
    /// The conditions are evaluated on a declined device (`truthOnDeniedDevice`): a NOT_DETERMINED
    /// or `'undetermined'` test, an exit for `'denied'`, `DENIED` or `canAskAgain === false` keeps
    /// it out; a test of `granted` (or of a provisional-aware "deliverable" value) alone does not,
    /// as a declined device is not granted either. A test the model cannot evaluate (a helper of
    /// another file given the response) counts as a guard.
    public func keepsDeclinedDevicesOut(_ node: Node, library: RequestLibrary) -> Bool {
        isGuarded(node, library, depth: 0)
    }

    /// Whether any test of the permission state comes first in the flow of `node`, whatever it
    /// keeps out (the inventory's `guarded`: code that tests the state has chosen whom it asks).
    public func isGuardedByPermissionTest(_ node: Node) -> Bool {
        isGuarded(node, nil, depth: 0)
    }

    /// Whether `condition`, which must have the truth value `needed` for the flow to go on, cannot
    /// have it on a declined device; with no library, whether it tests the permission state at all.
    private func excludesDeclined(_ condition: Node, needs needed: Bool, _ library: RequestLibrary?) -> Bool {
        guard let library else { return testsPermissionState(condition) }
        switch truthOnDeniedDevice(condition, library: library) {
        case .opaque: return true
        case .yes: return !needed
        case .no: return needed
        case .unknown: return false
        }
    }

    private func isGuarded(_ node: Node, _ library: RequestLibrary?, depth: Int) -> Bool {
        var child = node
        while let parent = child.parent {
            switch parent.nodeKind {
            case .ifStatement, .ternaryExpression, .whileStatement, .forStatement:
                // A loop that runs only while the state is unsettled (`while (status !== 'granted')`)
                // tests it before each request as much as an `if` does.
                if let condition = parent.child(byField: .condition), condition.id != child.id {
                    let onElseSide = parent.child(byField: .alternative)?.id == child.id
                    if excludesDeclined(condition, needs: !onElseSide, library) { return true }
                }
            case .binaryExpression:
                if let op = Syntax.operatorText(parent), op == "&&" || op == "||", parent.child(byField: .right)?.id == child.id,
                   let left = parent.child(byField: .left), excludesDeclined(left, needs: op == "&&", library) {
                    return true
                }
            case .switchCase, .switchDefault:
                if parent.is(.switchCase), parent.child(byField: .value)?.id == child.id { break }
                if let statement = parent.parent?.parent, statement.is(.switchStatement), switchesOnPermissionState(statement) {
                    return true
                }
                if exitsEarlier(in: parent, before: child, library) { return true }
            case .statementBlock, .program:
                if exitsEarlier(in: parent, before: child, library) { return true }
            case .functionDeclaration, .generatorFunctionDeclaration:
                return depth < 3 && isOnlyCalledWhenGuarded(parent, library, depth: depth)
            case .arrowFunction, .functionExpression, .generatorFunction:
                if let (outer, _) = Syntax.outerContext(of: parent), outer.is(.variableDeclarator),
                   depth < 3, isOnlyCalledWhenGuarded(parent, library, depth: depth) {
                    return true
                }
            default:
                break
            }
            child = parent
        }
        return false
    }

    /// Whether a statement before `child` in `block` leaves the function for a declined device
    /// (`if (status === 'denied') return;`, `if (!settings.canAskAgain) { openSettings(); return; }`,
    /// a `switch (status)` with a `return` in a case), also nested in other statements.
    private func exitsEarlier(in block: Node, before child: Node, _ library: RequestLibrary?) -> Bool {
        for statement in block.namedChildren {
            guard statement.endByte <= child.startByte else { break }
            var work = [statement]
            while let current = work.popLast() {
                switch current.nodeKind {
                case .ifStatement:
                    if let condition = current.child(byField: .condition) {
                        if let consequence = current.child(byField: .consequence), containsExit(consequence),
                           excludesDeclined(condition, needs: false, library) {
                            return true
                        }
                        if let alternative = current.child(byField: .alternative), containsExit(alternative),
                           excludesDeclined(condition, needs: true, library) {
                            return true
                        }
                    }
                case .switchStatement:
                    if switchesOnPermissionState(current), containsExit(current) { return true }
                default:
                    if Syntax.functionKinds.contains(current.nodeKind) || current.is(.classDeclaration) { continue }
                }
                work.append(contentsOf: current.namedChildren)
            }
        }
        return false
    }

    /// Whether `node` holds a `return` or `throw` of its own function.
    private func containsExit(_ node: Node) -> Bool {
        var work = [node]
        while let current = work.popLast() {
            if current.is(.returnStatement) || current.is(.throwStatement) { return true }
            if Syntax.functionKinds.contains(current.nodeKind) || current.is(.classDeclaration) { continue }
            work.append(contentsOf: current.namedChildren)
        }
        return false
    }

    private func switchesOnPermissionState(_ statement: Node) -> Bool {
        guard let discriminant = statement.child(byField: .value) else { return false }
        if isPermissionStateOperand(discriminant) { return true }
        let caseValues = statement.child(byField: .body)?.namedChildren.compactMap { $0.child(byField: .value) } ?? []
        return caseValues.contains(where: isPermissionStateConstant)
    }

    /// Whether the expression `condition` tests the permission state (see `isGuardedByPermissionTest`).
    func testsPermissionState(_ condition: Node, depth: Int = 0) -> Bool {
        guard depth < 3 else { return false }
        var work = [condition]
        var visited = 0
        while let node = work.popLast() {
            visited += 1
            if visited > 2_000 { return false }
            switch node.nodeKind {
            case .binaryExpression:
                if ["===", "!==", "==", "!=", "<", "<=", ">", ">="].contains(Syntax.operatorText(node) ?? ""),
                   let left = node.child(byField: .left), let right = node.child(byField: .right),
                   comparesPermissionState(left, right) {
                    return true
                }
            case .memberExpression:
                if let property = node.child(byField: .property), property.textEquals("granted") || property.textEquals("canAskAgain") {
                    return true
                }
            case .identifier:
                if node.textEquals("granted") || node.textEquals("canAskAgain") { return true }
                switch value(of: node) {
                case .granted, .canAskAgain: return true
                default: break
                }
                // `const undetermined = settings.ios?.status === NOT_DETERMINED; if (!undetermined) return;`
                if isReference(node), let index = resolve(name: node.text, at: node),
                   case let .variable(initializer?, path) = bindings[index].declaration, path.isEmpty,
                   !Syntax.functionKinds.contains(Syntax.unwrap(initializer).nodeKind),
                   testsPermissionState(initializer, depth: depth + 1) {
                    return true
                }
            case .callExpression:
                let arguments = node.child(byField: .arguments)?.namedChildren ?? []
                if arguments.contains(where: { isPermissionData(value(of: $0)) }) { return true }
                if let callee = node.child(byField: .function), case let .localFunction(function) = value(of: callee),
                   functionTestsPermissionState(function, depth: depth + 1) {
                    return true
                }
            default:
                if Syntax.functionKinds.contains(node.nodeKind) { continue }
            }
            work.append(contentsOf: node.namedChildren)
        }
        return false
    }

    /// Whether a local helper's body tests the permission state.
    private func functionTestsPermissionState(_ function: Node, depth: Int) -> Bool {
        guard let body = function.child(byField: .body) else { return false }
        return testsPermissionState(body, depth: depth)
    }

    private func comparesPermissionState(_ left: Node, _ right: Node) -> Bool {
        for (operand, other) in [(left, right), (right, left)] {
            if isPermissionStateOperand(operand) || isPermissionStateConstant(other) { return true }
            // `settings.ios?.status === 0` where the settings come from somewhere the model cannot follow.
            if let number = Syntax.numberValue(other), (0...4).contains(number), lastName(of: operand)?.lowercased().contains("status") == true {
                return true
            }
        }
        return false
    }

    /// A root status, iOS status, `granted`, `canAskAgain` or another library's authorization status.
    private func isPermissionStateOperand(_ node: Node) -> Bool {
        switch value(of: node) {
        case .rootStatus, .iosStatus, .granted, .canAskAgain, .authorizationStatus: return true
        default: return false
        }
    }

    /// `'granted'`, `'undetermined'`, `'denied'`, or a member of `PermissionStatus`,
    /// `IosAuthorizationStatus` or another library's `AuthorizationStatus`.
    private func isPermissionStateConstant(_ node: Node) -> Bool {
        if let string = Syntax.stringValue(node) { return ["granted", "undetermined", "denied"].contains(string) }
        let unwrapped = Syntax.unwrap(node)
        guard unwrapped.is(.memberExpression) || unwrapped.is(.identifier) else { return false }
        switch value(of: unwrapped) {
        case .expoEnumMember("IosAuthorizationStatus", _), .expoEnumMember("PermissionStatus", _), .authorizationEnumMember:
            return true
        default:
            return false
        }
    }

    private func isPermissionData(_ value: SymbolicValue) -> Bool {
        switch value {
        case .permissionResponse, .rootStatus, .iosStatus, .iosSettings, .granted, .canAskAgain,
             .authorizationStatus, .notifeeSettings:
            return true
        default:
            return false
        }
    }

    /// Whether a named function of this file is never exported or passed around, and every call of
    /// it (directly, or as redux-saga's `call(fn)`) is guarded.
    private func isOnlyCalledWhenGuarded(_ function: Node, _ library: RequestLibrary?, depth: Int) -> Bool {
        let nameNode: Node?
        if function.is(.functionDeclaration) || function.is(.generatorFunctionDeclaration) {
            nameNode = function.child(byField: .name)
        } else if let (declarator, _) = Syntax.outerContext(of: function), declarator.is(.variableDeclarator),
                  let name = declarator.child(byField: .name), name.is(.identifier) {
            nameNode = name
        } else {
            nameNode = nil
        }
        guard let nameNode, let binding = resolve(name: nameNode.text, at: nameNode) else { return false }
        // `export function`, `export const`: callers in other files cannot be seen.
        var ancestor = function.parent
        while let current = ancestor, current.nodeKind != .program {
            if current.is(.exportStatement) { return false }
            if current.is(.statementBlock) || current.is(.classBody) { break }
            ancestor = current.parent
        }
        var callSites: [Node] = []
        var allCalls = true
        tree.walk { node in
            guard allCalls else { return false }
            guard node.is(.identifier) || node.is(.shorthandPropertyIdentifier),
                  node.textEquals(nameNode.text), node.id != nameNode.id else { return true }
            if node.parent?.nodeKind == .exportSpecifier { allCalls = false; return false }
            guard node.is(.identifier), isReference(node), resolve(name: node.text, at: node) == binding else {
                if node.is(.shorthandPropertyIdentifier), resolve(name: node.text, at: node) == binding { allCalls = false }
                return true
            }
            if let site = callSite(of: node) { callSites.append(site) } else { allCalls = false }
            return true
        }
        guard allCalls, !callSites.isEmpty else { return false }
        return callSites.allSatisfy { isGuarded($0, library, depth: depth + 1) }
    }

    /// The call that runs the function `reference` names: `fn(...)`, or redux-saga's `call(fn, ...)`.
    private func callSite(of reference: Node) -> Node? {
        guard let (parent, child) = Syntax.outerContext(of: reference) else { return nil }
        if parent.is(.callExpression), parent.child(byField: .function)?.id == child.id { return parent }
        guard parent.is(.arguments), parent.namedChildren.first(where: { $0.nodeKind != .comment })?.id == child.id,
              let call = parent.parent, call.is(.callExpression),
              let callee = call.child(byField: .function).map(Syntax.unwrap) else { return nil }
        let name = callee.is(.memberExpression) ? callee.child(byField: .property)?.text : callee.text
        return name == "call" ? call : nil
    }
}
