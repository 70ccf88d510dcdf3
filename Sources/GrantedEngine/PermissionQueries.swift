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
}

extension SemanticModel {
    // MARK: - Root status comparisons

    /// The root-status comparison `node` makes, if it makes one: `status === 'granted'`,
    /// `status !== PermissionStatus.GRANTED`, `['granted'].includes(status)`, or a `case 'granted':`
    /// of a `switch (status)`.
    public func rootStatusComparison(_ node: Node) -> RootStatusComparison? {
        switch node.kind {
        case "binary_expression":
            guard let op = Syntax.operatorText(node), ["===", "!==", "==", "!="].contains(op),
                  let left = node.child(byField: "left"), let right = node.child(byField: "right") else { return nil }
            for (statusSide, literalSide) in [(left, right), (right, left)] {
                let status = value(of: statusSide)
                if status.isRootStatus, let literal = permissionStatusLiteral(literalSide) {
                    return RootStatusComparison(site: node, statusValue: status, comparedWith: literal)
                }
            }
            return nil
        case "call_expression":
            guard let callee = node.child(byField: "function").map(Syntax.unwrap), callee.kind == "member_expression",
                  callee.child(byField: "property")?.textEquals("includes") == true,
                  let list = callee.child(byField: "object").map(Syntax.unwrap), list.kind == "array",
                  let argument = node.child(byField: "arguments")?.namedChild(0) else { return nil }
            let status = value(of: argument)
            guard status.isRootStatus,
                  let literal = list.namedChildren.lazy.compactMap({ self.permissionStatusLiteral($0) }).first
            else { return nil }
            return RootStatusComparison(site: node, statusValue: status, comparedWith: literal)
        case "switch_case":
            guard let caseValue = node.child(byField: "value"), let literal = permissionStatusLiteral(caseValue),
                  let statement = node.parent?.parent, statement.kind == "switch_statement",
                  let discriminant = statement.child(byField: "value") else { return nil }
            let status = value(of: discriminant)
            guard status.isRootStatus else { return nil }
            return RootStatusComparison(site: caseValue, statusValue: status, comparedWith: literal)
        default:
            return nil
        }
    }

    /// `granted` / `undetermined` for the literals and `PermissionStatus` members a provisional device
    /// is misjudged by.
    func permissionStatusLiteral(_ node: Node) -> String? {
        if let string = Syntax.stringValue(node) {
            return string == "granted" || string == "undetermined" ? string : nil
        }
        let unwrapped = Syntax.unwrap(node)
        guard unwrapped.kind == "member_expression" || unwrapped.kind == "identifier" else { return nil }
        if case let .expoEnumMember("PermissionStatus", member) = value(of: unwrapped) {
            switch member {
            case "GRANTED": return "granted"
            case "UNDETERMINED": return "undetermined"
            default: return nil
            }
        }
        return nil
    }

    // MARK: - Granted reads

    /// Whether `node` reads a root `granted` value (`res.granted`, or an identifier destructured
    /// from a response) in a place where it decides something: a condition, a logical expression,
    /// a comparison with a boolean, a return, or a store into a variable, a property, a JSX attribute
    /// or a React state setter.
    public func grantedDecisionRead(_ node: Node) -> SymbolicValue? {
        switch node.kind {
        case "member_expression":
            guard node.child(byField: "property")?.textEquals("granted") == true else { return nil }
        case "identifier":
            guard isReference(node) else { return nil }
        case "shorthand_property_identifier":
            break
        default:
            return nil
        }
        let read = value(of: node)
        guard read.isGranted else { return nil }
        if node.kind == "shorthand_property_identifier" { return read }  // `{ granted }`: stored into a property
        return isDecisionContext(node) ? read : nil
    }

    private func isDecisionContext(_ node: Node) -> Bool {
        var child = node
        while let parent = child.parent {
            switch parent.kind {
            case "parenthesized_expression", "non_null_expression", "as_expression", "satisfies_expression":
                child = parent
                continue
            case "unary_expression":
                if Syntax.operatorText(parent) == "!" { return true }
                return false
            case "if_statement", "while_statement", "do_statement", "for_statement":
                return true
            case "ternary_expression":
                if parent.child(byField: "condition")?.id == child.id { return true }
                child = parent
                continue
            case "binary_expression":
                guard let op = Syntax.operatorText(parent) else { return false }
                if ["&&", "||", "??"].contains(op) { return true }
                if ["===", "!==", "==", "!="].contains(op) {
                    let other = parent.child(byField: "left")?.id == child.id
                        ? parent.child(byField: "right") : parent.child(byField: "left")
                    return other.flatMap(Syntax.booleanValue) != nil
                }
                return false
            case "return_statement", "variable_declarator", "pair", "jsx_expression", "assignment_expression":
                if parent.kind == "assignment_expression" { return parent.child(byField: "right")?.id == child.id }
                if parent.kind == "variable_declarator" { return parent.child(byField: "value")?.id == child.id }
                if parent.kind == "pair" { return parent.child(byField: "value")?.id == child.id }
                return true
            case "arrow_function":
                return parent.child(byField: "body")?.id == child.id
            case "arguments":
                guard let call = parent.parent, call.kind == "call_expression",
                      let callee = call.child(byField: "function").map(Syntax.unwrap) else { return false }
                let name = callee.kind == "member_expression" ? callee.child(byField: "property")?.text : callee.text
                return name.map(isStateSetterName) ?? false
            default:
                return false
            }
        }
        return false
    }

    private func isStateSetterName(_ name: String) -> Bool {
        guard name.hasPrefix("set"), name.count > 3 else { return false }
        let fourth = name[name.index(name.startIndex, offsetBy: 3)]
        return fourth.isUppercase
    }

    // MARK: - Requests

    /// The expo permission request `call` makes, if it is one: `requestPermissionsAsync(options?)`
    /// through any import form, or redux-saga's `call(requestPermissionsAsync, options?)`.
    public func permissionRequest(_ call: Node) -> PermissionRequestCall? {
        guard call.kind == "call_expression", let callee = call.child(byField: "function") else { return nil }
        let arguments = call.child(byField: "arguments")?.namedChildren.filter { $0.kind != "comment" } ?? []
        if value(of: callee) == .expoExport("requestPermissionsAsync") {
            return PermissionRequestCall(call: call, options: arguments.first)
        }
        let calleeNode = Syntax.unwrap(callee)
        let name = calleeNode.kind == "member_expression" ? calleeNode.child(byField: "property")?.text : calleeNode.text
        if name == "call", let first = arguments.first, value(of: first) == .expoExport("requestPermissionsAsync") {
            return PermissionRequestCall(call: call, options: arguments.count > 1 ? arguments[1] : nil)
        }
        return nil
    }

    /// What an options expression is, following identifiers to the object literal they are
    /// initialised with.
    public func resolveObject(_ expression: Node?) -> ObjectResolution {
        guard var node = expression.map(Syntax.unwrap) else { return .absent }
        var hops = 0
        while hops < 8 {
            hops += 1
            switch node.kind {
            case "object":
                return .literal(node)
            case "undefined":
                return .absent
            case "identifier", "shorthand_property_identifier":
                guard let index = resolve(name: node.text, at: node),
                      case let .variable(initializer?, path) = bindings[index].declaration, path.isEmpty,
                      bindings[index].assignedValues.isEmpty else { return .unresolvable }
                node = Syntax.unwrap(initializer)
            default:
                return .unresolvable
            }
        }
        return .unresolvable
    }

    // MARK: - Guards

    /// Whether `node` only runs on Android: in a `*.android.*` file, under `Platform.OS === 'android'`
    /// (if, ternary, `&&`), in the `else` of an iOS test, after `if (Platform.OS === 'ios') return`,
    /// or in the `android` entry of `Platform.select`.
    public func isAndroidOnly(_ node: Node) -> Bool {
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        if fileName.contains(".android.") { return true }
        var child = node
        while let parent = child.parent {
            switch parent.kind {
            case "if_statement":
                if let condition = parent.child(byField: "condition"), case let .platformTest(android) = value(of: condition) {
                    if parent.child(byField: "consequence")?.id == child.id, android { return true }
                    if parent.child(byField: "alternative")?.id == child.id, !android { return true }
                }
            case "ternary_expression":
                if let condition = parent.child(byField: "condition"), case let .platformTest(android) = value(of: condition) {
                    if parent.child(byField: "consequence")?.id == child.id, android { return true }
                    if parent.child(byField: "alternative")?.id == child.id, !android { return true }
                }
            case "binary_expression":
                if Syntax.operatorText(parent) == "&&", parent.child(byField: "right")?.id == child.id,
                   let left = parent.child(byField: "left"), case .platformTest(android: true) = value(of: left) {
                    return true
                }
                if Syntax.operatorText(parent) == "||", parent.child(byField: "right")?.id == child.id,
                   let left = parent.child(byField: "left"), case .platformTest(android: false) = value(of: left) {
                    return true
                }
            case "statement_block", "program", "switch_case":
                if exitsUnlessAndroid(before: child, in: parent) { return true }
            case "pair":
                if parent.child(byField: "value")?.id == child.id,
                   let key = parent.child(byField: "key"), Syntax.propertyName(key) == "android",
                   let object = parent.parent, let arguments = object.parent, arguments.kind == "arguments",
                   let call = arguments.parent, let callee = call.child(byField: "function"),
                   Syntax.normalisedText(callee) == "Platform.select" {
                    return true
                }
            default:
                break
            }
            // A named function declared under a guard can still be called from anywhere.
            if parent.kind == "function_declaration" { return false }
            child = parent
        }
        return false
    }

    /// Whether an earlier statement of `block` leaves unless the platform is Android
    /// (`if (Platform.OS === 'ios') return;`, `if (Platform.OS !== 'android') { return }`).
    private func exitsUnlessAndroid(before statement: Node, in block: Node) -> Bool {
        var sibling = statement.previousNamedSibling
        while let current = sibling {
            defer { sibling = current.previousNamedSibling }
            guard current.kind == "if_statement", current.child(byField: "alternative") == nil,
                  let condition = current.child(byField: "condition"),
                  case .platformTest(android: false) = value(of: condition),
                  let consequence = current.child(byField: "consequence") else { continue }
            if alwaysExits(consequence) { return true }
        }
        return false
    }

    private func alwaysExits(_ statement: Node) -> Bool {
        switch statement.kind {
        case "return_statement", "throw_statement":
            return true
        case "statement_block":
            guard let last = statement.namedChildren.last(where: { $0.kind != "comment" }) else { return false }
            return alwaysExits(last)
        default:
            return false
        }
    }

    // MARK: - Provisional awareness

    /// Whether the code around `node` handles provisional authorization itself: a function on the
    /// way out from `node` compares an iOS status with PROVISIONAL / EPHEMERAL (or 3 / 4), tests
    /// membership in a list holding them, or uses a deny-list of DENIED / NOT_DETERMINED.
    public func isProvisionalAware(_ node: Node) -> Bool {
        let aware = awarenessMap()
        var function = enclosingFunction(of: node)
        if function == nil { return aware[tree.root.id] ?? false }
        while let current = function {
            if aware[current.id] == true { return true }
            function = enclosingFunction(of: current)
        }
        return false
    }

    private func awarenessMap() -> [NodeID: Bool] {
        if let awarenessByFunction { return awarenessByFunction }
        var map: [NodeID: Bool] = [:]
        for candidate in comparisons + calls where countsAsProvisionalHandling(candidate) {
            let owner = enclosingFunction(of: candidate) ?? tree.root
            map[owner.id] = true
        }
        awarenessByFunction = map
        return map
    }

    /// A provisional test, unless it is combined with a blind check the wrong way round:
    /// `status !== 'granted' || ios.status !== PROVISIONAL` still rejects every provisional device.
    private func countsAsProvisionalHandling(_ node: Node) -> Bool {
        guard let positive = provisionalTestSense(node) else { return false }
        // Climb through parentheses and `!` to the logical operator that combines the test.
        var child = node
        var sense = positive
        while let parent = child.parent {
            if parent.kind == "parenthesized_expression" { child = parent; continue }
            if parent.kind == "unary_expression", Syntax.operatorText(parent) == "!" {
                sense.toggle(); child = parent; continue
            }
            guard parent.kind == "binary_expression", let op = Syntax.operatorText(parent), op == "||" || op == "&&" else {
                return true
            }
            let wrongWay = (op == "||" && !sense) || (op == "&&" && sense)
            if wrongWay, logicalChain(parent, op: op).contains(where: { isBlindCheck($0) }) { return false }
            return true
        }
        return true
    }

    /// The operands of a chain `a || b || c` (one operator, through parentheses).
    private func logicalChain(_ node: Node, op: String) -> [Node] {
        var operands: [Node] = []
        var work = [node]
        while let current = work.popLast() {
            let unwrapped = Syntax.unwrap(current)
            if unwrapped.kind == "binary_expression", Syntax.operatorText(unwrapped) == op,
               let left = unwrapped.child(byField: "left"), let right = unwrapped.child(byField: "right") {
                work.append(right)
                work.append(left)
            } else {
                operands.append(unwrapped)
            }
        }
        return operands
    }

    private func isBlindCheck(_ operand: Node) -> Bool {
        var node = operand
        while node.kind == "unary_expression", let argument = node.child(byField: "argument") {
            node = Syntax.unwrap(argument)
        }
        if rootStatusComparison(node) != nil { return true }
        return value(of: node).isGranted
    }

    /// For a provisional test: true when it is true for a provisional device (`=== PROVISIONAL`,
    /// `[AUTHORIZED, PROVISIONAL].includes(s)`, `s !== DENIED && s !== NOT_DETERMINED`,
    /// `s >= AUTHORIZED`), false when it is true for every other device (`!== PROVISIONAL`); nil when
    /// `node` is not a provisional test.
    private func provisionalTestSense(_ node: Node) -> Bool? {
        switch node.kind {
        case "binary_expression":
            guard let op = Syntax.operatorText(node), let left = node.child(byField: "left"),
                  let right = node.child(byField: "right") else { return nil }
            for (statusSide, constantSide) in [(left, right), (right, left)] {
                guard let raw = iosStatusConstant(constantSide) else { continue }
                let statusKnown = value(of: statusSide).isIosStatus
                let namedConstant = Syntax.numberValue(constantSide) == nil
                guard statusKnown || namedConstant else { continue }
                switch op {
                case "===", "==":
                    if raw == 3 || raw == 4 { return true }
                case "!==", "!=":
                    if raw == 3 || raw == 4 { return false }
                    if raw == 0 || raw == 1 { return statusKnown ? true : nil }
                case ">=", ">", "<", "<=":
                    // `s >= AUTHORIZED` lets PROVISIONAL (3) and EPHEMERAL (4) through.
                    return statusKnown ? true : nil
                default:
                    break
                }
            }
            return nil
        case "call_expression":
            guard let callee = node.child(byField: "function").map(Syntax.unwrap), callee.kind == "member_expression",
                  callee.child(byField: "property")?.textEquals("includes") == true,
                  let object = callee.child(byField: "object") else { return nil }
            let list = listElements(object)
            let constants = list.compactMap { iosStatusConstant($0) }
            guard !constants.isEmpty else { return nil }
            if constants.contains(3) || constants.contains(4) { return true }
            // A deny-list (`[DENIED, NOT_DETERMINED]`) is used as `!list.includes(s)`.
            if constants.contains(0) { return false }
            return nil
        default:
            return nil
        }
    }

    /// Elements of an array literal, or of a local constant initialised with one.
    private func listElements(_ expression: Node) -> [Node] {
        var node = Syntax.unwrap(expression)
        if node.kind == "identifier", let index = resolve(name: node.text, at: node),
           case let .variable(initializer?, path) = bindings[index].declaration, path.isEmpty {
            node = Syntax.unwrap(initializer)
        }
        return node.kind == "array" ? node.namedChildren : []
    }

    /// The raw value of an `IosAuthorizationStatus` member, or of a small number literal.
    private func iosStatusConstant(_ node: Node) -> Int? {
        if let number = Syntax.numberValue(node) { return (0...4).contains(number) ? number : nil }
        let unwrapped = Syntax.unwrap(node)
        guard unwrapped.kind == "member_expression" || unwrapped.kind == "identifier",
              case let .expoEnumMember("IosAuthorizationStatus", member) = value(of: unwrapped) else { return nil }
        return ["NOT_DETERMINED": 0, "DENIED": 1, "AUTHORIZED": 2, "PROVISIONAL": 3, "EPHEMERAL": 4][member]
    }

    // MARK: - Notification handler

    /// The function whose result `expression` is: as an arrow's body, a `return` argument, the
    /// argument of `Promise.resolve(...)` in such a place, or a local variable that is returned.
    public func returningFunction(of expression: Node) -> Node? {
        var current = expression
        var hops = 0
        while hops < 8, let (parent, child) = Syntax.outerContext(of: current) {
            hops += 1
            switch parent.kind {
            case "arrow_function":
                return parent.child(byField: "body")?.id == child.id ? parent : nil
            case "return_statement":
                return enclosingFunction(of: parent)
            case "arguments":
                guard let call = parent.parent, let callee = call.child(byField: "function"),
                      Syntax.normalisedText(callee) == "Promise.resolve" else { return nil }
                current = call
            case "await_expression":
                current = parent
            case "variable_declarator":
                guard parent.child(byField: "value")?.id == child.id,
                      let name = parent.child(byField: "name"), name.kind == "identifier",
                      let declared = resolve(name: name.text, at: name),
                      let function = enclosingFunction(of: parent) else { return nil }
                let returnsIt = returnedExpressions(of: function).contains { returned in
                    let unwrapped = Syntax.unwrap(returned)
                    return unwrapped.kind == "identifier" && unwrapped.textEquals(name.text)
                        && resolve(name: name.text, at: unwrapped) == declared
                }
                return returnsIt ? function : nil
            default:
                return nil
            }
        }
        return nil
    }

    /// Whether a type names one of expo-notifications' exported types (`NotificationBehavior`,
    /// `Notifications.NotificationBehavior`, `Promise<NotificationBehavior>`).
    public func typeNamesExpoType(_ type: Node, _ typeName: String) -> Bool {
        var work = [type]
        while let node = work.popLast() {
            switch node.kind {
            case "type_identifier":
                if node.textEquals(typeName), let index = resolve(name: typeName, at: node),
                   value(ofBinding: index) == .expoExport(typeName) {
                    return true
                }
            case "nested_type_identifier":
                if let module = node.child(byField: "module"), module.kind == "identifier",
                   node.child(byField: "name")?.textEquals(typeName) == true,
                   let index = resolve(name: module.text, at: module), value(ofBinding: index) == .expoModule {
                    return true
                }
            default:
                work.append(contentsOf: node.namedChildren)
            }
        }
        return false
    }

    /// Functions passed as `handleNotification` to expo's `setNotificationHandler`.
    public func notificationHandlerFunctions() -> [Node] {
        var functions: [Node] = []
        for call in calls {
            guard let callee = call.child(byField: "function"), value(of: callee) == .expoExport("setNotificationHandler"),
                  case let .literal(object) = resolveObject(call.child(byField: "arguments")?.namedChild(0)) else { continue }
            for member in Syntax.objectMembers(object) where member.name == "handleNotification" {
                guard let value = member.value else { continue }
                if member.node.kind == "method_definition" {
                    functions.append(member.node)
                } else if case let .localFunction(function) = self.value(of: value) {
                    functions.append(function)
                }
            }
        }
        return functions
    }
}
