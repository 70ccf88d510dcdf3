import GrantedSyntax

/// What a condition says on a device whose user declined notifications: the question a request's
/// guard must answer. A provisional request only does something on a device that was never asked;
/// a declined one just gets its DENIED back, so a guard must keep it out (facts: Request options).
/// A test of `granted` alone does not: a declined device is not granted either.
public enum DeniedDeviceTruth: Sendable {
    case yes
    case no
    /// The condition depends on something that is not permission state (a flag, a screen's prop).
    case unknown
    /// The condition tests permission state in a way the model cannot evaluate (a helper of
    /// another file given the response): taken as a guard, as code that tests the state has chosen
    /// whom it asks.
    case opaque

    static prefix func ! (truth: DeniedDeviceTruth) -> DeniedDeviceTruth {
        switch truth {
        case .yes: return .no
        case .no: return .yes
        case .unknown, .opaque: return truth
        }
    }

    static func && (lhs: DeniedDeviceTruth, rhs: DeniedDeviceTruth) -> DeniedDeviceTruth {
        if lhs == .no || rhs == .no { return .no }
        if lhs == .yes && rhs == .yes { return .yes }
        return lhs == .opaque || rhs == .opaque ? .opaque : .unknown
    }

    static func || (lhs: DeniedDeviceTruth, rhs: DeniedDeviceTruth) -> DeniedDeviceTruth {
        if lhs == .yes || rhs == .yes { return .yes }
        if lhs == .no && rhs == .no { return .no }
        return lhs == .opaque || rhs == .opaque ? .opaque : .unknown
    }
}

extension SemanticModel {
    /// A value on the declined device: a string status, a number status, or a boolean.
    enum DeniedDeviceValue: Equatable {
        case string(String)
        case number(Int)
        case boolean(Bool)

        var truthy: Bool {
            switch self {
            case let .string(text): return !text.isEmpty
            case let .number(number): return number != 0
            case let .boolean(flag): return flag
            }
        }
    }

    /// The truth of `condition` on a device that declined, for a request of `library`: expo's root
    /// status is `'denied'`, `granted` and `canAskAgain` are false, `ios.status` is `DENIED` (1);
    /// Firebase's and Notifee's status is `DENIED` (0); react-native-permissions says `'blocked'`.
    func truthOnDeniedDevice(_ condition: Node, library: RequestLibrary, depth: Int = 0) -> DeniedDeviceTruth {
        truth(condition, library, parameters: [:], depth: depth)
    }

    private func truth(_ expression: Node, _ library: RequestLibrary, parameters: [Int: Node], depth: Int) -> DeniedDeviceTruth {
        guard depth < 16 else { return .unknown }
        let node = Syntax.unwrap(expression)
        switch node.nodeKind {
        case .unaryExpression:
            guard Syntax.operatorText(node) == "!", let argument = node.child(byField: .argument) else { return .unknown }
            return !truth(argument, library, parameters: parameters, depth: depth + 1)
        case .binaryExpression:
            guard let op = Syntax.operatorText(node), let left = node.child(byField: .left), let right = node.child(byField: .right) else { return .unknown }
            switch op {
            case "&&": return truth(left, library, parameters: parameters, depth: depth + 1) && truth(right, library, parameters: parameters, depth: depth + 1)
            case "||": return truth(left, library, parameters: parameters, depth: depth + 1) || truth(right, library, parameters: parameters, depth: depth + 1)
            case "===", "==", "!==", "!=", "<", "<=", ">", ">=":
                return comparison(op, left, right, library, parameters: parameters, depth: depth)
            default:
                return .unknown
            }
        case .callExpression:
            return callTruth(node, library, parameters: parameters, depth: depth)
        default:
            if let value = deniedValue(node, library, parameters: parameters, comparedWith: nil, depth: depth) {
                return value.truthy ? .yes : .no
            }
            // `const undetermined = settings.ios?.status === NOT_DETERMINED; if (!undetermined) …`
            if node.is(.identifier), isReference(node), let index = resolve(name: node.text, at: node), parameters[index] == nil,
               case let .variable(initializer?, path) = bindings[index].declaration, path.isEmpty, bindings[index].writes.isEmpty,
               !Syntax.functionKinds.contains(Syntax.unwrap(initializer).nodeKind) {
                return truth(initializer, library, parameters: parameters, depth: depth + 1)
            }
            return testsPermissionState(node) ? .opaque : .unknown
        }
    }

    /// A call in a condition: a local helper with one returned expression is evaluated with its
    /// parameters bound to the arguments (`isDeliverable(settings)`); another call given permission
    /// data cannot be seen into.
    private func callTruth(_ call: Node, _ library: RequestLibrary, parameters: [Int: Node], depth: Int) -> DeniedDeviceTruth {
        let arguments = call.child(byField: .arguments)?.namedChildren.filter { $0.nodeKind != .comment } ?? []
        if let callee = call.child(byField: .function), case let .localFunction(function) = value(of: callee),
           let returned = singleReturnedExpression(of: function) {
            var bound = parameters
            let declared = function.child(byField: .parameters)?.namedChildren.filter { $0.nodeKind != .comment }
                ?? function.child(byField: .parameter).map { [$0] } ?? []
            for (position, parameter) in declared.enumerated() where position < arguments.count {
                let name = parameter.child(byField: .pattern) ?? parameter
                guard name.is(.identifier), let index = resolve(name: name.text, at: name) else { continue }
                bound[index] = arguments[position]
            }
            return truth(returned, library, parameters: bound, depth: depth + 1)
        }
        return testsPermissionState(call) ? .opaque : .unknown
    }

    /// The expression a function returns when its body is one (`(s) => s.granted || …`) or holds a
    /// single `return`.
    private func singleReturnedExpression(of function: Node) -> Node? {
        guard let body = function.child(byField: .body) else { return nil }
        guard body.is(.statementBlock) else { return body }
        let statements = body.namedChildren.filter { $0.nodeKind != .comment }
        guard statements.count == 1, statements[0].is(.returnStatement) else { return nil }
        return statements[0].namedChildren.first { $0.nodeKind != .comment }
    }

    private func comparison(_ op: String, _ left: Node, _ right: Node, _ library: RequestLibrary,
                            parameters: [Int: Node], depth: Int) -> DeniedDeviceTruth {
        let leftConstant = constantValue(left), rightConstant = constantValue(right)
        let leftValue = leftConstant ?? deniedValue(left, library, parameters: parameters, comparedWith: rightConstant, depth: depth)
        let rightValue = rightConstant ?? deniedValue(right, library, parameters: parameters, comparedWith: leftConstant, depth: depth)
        guard let leftValue, let rightValue, leftConstant == nil || rightConstant == nil else {
            return testsPermissionState(left) || testsPermissionState(right) ? .opaque : .unknown
        }
        let result: Bool
        switch (leftValue, rightValue) {
        case let (.number(a), .number(b)):
            switch op {
            case "===", "==": result = a == b
            case "!==", "!=": result = a != b
            case "<": result = a < b
            case "<=": result = a <= b
            case ">": result = a > b
            default: result = a >= b
            }
        default:
            switch op {
            case "===", "==": result = leftValue == rightValue
            case "!==", "!=": result = leftValue != rightValue
            default: return .unknown
            }
        }
        return result ? .yes : .no
    }

    /// A status constant: a string, a number, a member of `PermissionStatus`,
    /// `IosAuthorizationStatus`, another library's `AuthorizationStatus` or react-native-permissions'
    /// `RESULTS`.
    private func constantValue(_ node: Node) -> DeniedDeviceValue? {
        let unwrapped = Syntax.unwrap(node)
        if let string = Syntax.stringValue(unwrapped) { return .string(string) }
        if let number = Syntax.numberValue(unwrapped) { return .number(number) }
        if unwrapped.is(.unaryExpression), Syntax.operatorText(unwrapped) == "-",
           let argument = unwrapped.child(byField: .argument), let number = Syntax.numberValue(argument) {
            return .number(-number)
        }
        if unwrapped.is(.true) { return .boolean(true) }
        if unwrapped.is(.false) { return .boolean(false) }
        guard unwrapped.is(.memberExpression) || unwrapped.is(.identifier) else { return nil }
        switch value(of: unwrapped) {
        case let .expoEnumMember("PermissionStatus", member):
            return .string(member.lowercased())
        case let .expoEnumMember("IosAuthorizationStatus", member):
            let members = ["NOT_DETERMINED": 0, "DENIED": 1, "AUTHORIZED": 2, "PROVISIONAL": 3, "EPHEMERAL": 4]
            return members[member].map(DeniedDeviceValue.number)
        case let .authorizationEnumMember(library, member):
            return SemanticModel.authorizationMembers(library).first { $0.value == member }.map { .number($0.key) }
        default:
            // react-native-permissions' `RESULTS.BLOCKED` is `'blocked'`.
            if unwrapped.is(.memberExpression), let object = unwrapped.child(byField: .object).map(Syntax.unwrap),
               object.is(.identifier), object.textEquals("RESULTS"), let property = unwrapped.child(byField: .property) {
                return .string(property.text.lowercased())
            }
            return nil
        }
    }

    /// What a permission value reads on the declined device; nil when `node` is not one.
    private func deniedValue(_ node: Node, _ library: RequestLibrary, parameters: [Int: Node],
                             comparedWith other: DeniedDeviceValue?, depth: Int) -> DeniedDeviceValue? {
        let unwrapped = Syntax.unwrap(node)
        switch boundValue(unwrapped, parameters: parameters) {
        case .rootStatus: return .string("denied")
        case .granted, .canAskAgain: return .boolean(false)
        case .iosStatus: return .number(1)
        case .authorizationStatus: return .number(0)
        // The response and its `ios` settings exist on the iOS device a provisional request is for.
        case .permissionResponse, .iosSettings, .notifeeSettings: return .boolean(true)
        default: break
        }
        // A status the model cannot follow (`checkNotifications()`'s, a prop): by its name and what
        // it is compared with.
        guard let other, let name = lastName(of: unwrapped)?.lowercased(), name.hasSuffix("status") else { return nil }
        switch (library, other) {
        case (.permissionsLib, .string): return .string("blocked")
        case (_, .string): return .string("denied")
        case (.expo, .number): return .number(1)
        case (_, .number): return .number(0)
        case (_, .boolean): return nil
        }
    }

    /// The symbolic value of an expression, with a helper's parameters read as its arguments
    /// (`settings.ios?.status` in `isDeliverable(settings)`).
    private func boundValue(_ node: Node, parameters: [Int: Node]) -> SymbolicValue {
        guard !parameters.isEmpty else { return value(of: node) }
        switch node.nodeKind {
        case .identifier:
            if let index = resolve(name: node.text, at: node), let argument = parameters[index] { return value(of: argument) }
            return value(of: node)
        case .memberExpression:
            guard let object = node.child(byField: .object).map(Syntax.unwrap), let property = node.child(byField: .property) else { return .unknown }
            let base = boundValue(object, parameters: parameters)
            return base.isUnknown ? value(of: node) : member(base, property.text)
        default:
            return value(of: node)
        }
    }

    /// The identifier or property name an expression ends with (`settings.ios?.status` → `status`).
    func lastName(of node: Node) -> String? {
        let unwrapped = Syntax.unwrap(node)
        switch unwrapped.nodeKind {
        case .identifier: return unwrapped.text
        case .memberExpression: return unwrapped.child(byField: .property)?.text
        default: return nil
        }
    }
}
