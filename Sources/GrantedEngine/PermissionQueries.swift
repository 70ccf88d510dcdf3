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

extension SemanticModel {
    // MARK: - Root status comparisons

    /// The root-status comparison `node` makes, if it makes one: `status === 'granted'`,
    /// `status !== PermissionStatus.GRANTED`, `['granted'].includes(status)`, or a `case 'granted':`
    /// of a `switch (status)`.
    public func rootStatusComparison(_ node: Node) -> RootStatusComparison? {
        switch node.nodeKind {
        case .binaryExpression:
            guard let op = Syntax.operatorText(node), ["===", "!==", "==", "!="].contains(op),
                  let left = node.child(byField: "left"), let right = node.child(byField: "right") else { return nil }
            for (statusSide, literalSide) in [(left, right), (right, left)] {
                let status = value(of: statusSide)
                if status.isRootStatus, let literal = permissionStatusLiteral(literalSide) {
                    return RootStatusComparison(site: node, statusValue: status, comparedWith: literal)
                }
            }
            return nil
        case .callExpression:
            guard let callee = node.child(byField: "function").map(Syntax.unwrap), callee.is(.memberExpression),
                  callee.child(byField: "property")?.textEquals("includes") == true,
                  let list = callee.child(byField: "object").map(Syntax.unwrap), list.is(.array),
                  let argument = node.child(byField: "arguments")?.namedChild(0) else { return nil }
            let status = value(of: argument)
            guard status.isRootStatus,
                  let literal = list.namedChildren.lazy.compactMap({ self.permissionStatusLiteral($0) }).first
            else { return nil }
            return RootStatusComparison(site: node, statusValue: status, comparedWith: literal)
        case .switchCase:
            guard let caseValue = node.child(byField: "value"), let literal = permissionStatusLiteral(caseValue),
                  let statement = node.parent?.parent, statement.is(.switchStatement),
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
        guard unwrapped.is(.memberExpression) || unwrapped.is(.identifier) else { return nil }
        if case let .expoEnumMember("PermissionStatus", member) = value(of: unwrapped) {
            switch member {
            case "GRANTED": return "granted"
            case "UNDETERMINED": return "undetermined"
            default: return nil
            }
        }
        return nil
    }

    // MARK: - Other libraries

    /// The library whose authorization status `node` compares with AUTHORIZED only (`=== 1` or the
    /// enum member), by `===`, `!==`, `==` or `!=`.
    public func blindAuthorizationComparison(_ node: Node) -> (library: NotificationLibrary, status: SymbolicValue)? {
        guard let op = Syntax.operatorText(node), ["===", "!==", "==", "!="].contains(op),
              let left = node.child(byField: "left"), let right = node.child(byField: "right") else { return nil }
        for (statusSide, constantSide) in [(left, right), (right, left)] {
            let status = value(of: statusSide)
            guard case let .authorizationStatus(library, _) = status else { continue }
            if authorizationConstant(constantSide, library) == 1 { return (library, status) }
        }
        return nil
    }

    /// The raw value of a library's `AuthorizationStatus` member, or of a number literal.
    func authorizationConstant(_ node: Node, _ library: NotificationLibrary) -> Int? {
        if let number = Syntax.numberValue(node) { return number }
        let unwrapped = Syntax.unwrap(node)
        if unwrapped.is(.unaryExpression), Syntax.operatorText(unwrapped) == "-",
           let argument = unwrapped.child(byField: "argument"), let number = Syntax.numberValue(argument) {
            return -number
        }
        guard case let .authorizationEnumMember(memberLibrary, member) = value(of: unwrapped), memberLibrary == library else { return nil }
        return SemanticModel.authorizationMembers(library).first { $0.value == member }?.key
    }

    /// Raw values of each library's `AuthorizationStatus` (facts: Other React Native libraries).
    public static func authorizationMembers(_ library: NotificationLibrary) -> [Int: String] {
        switch library {
        case .firebaseMessaging: return [-1: "NOT_DETERMINED", 0: "DENIED", 1: "AUTHORIZED", 2: "PROVISIONAL", 3: "EPHEMERAL"]
        case .notifee: return [-1: "NOT_DETERMINED", 0: "DENIED", 1: "AUTHORIZED", 2: "PROVISIONAL"]
        }
    }

    /// A read of a Firebase authorization status used for its truthiness (`if (status)`, `!status`,
    /// `status && ...`): NOT_DETERMINED is -1, which is truthy.
    public func firebaseTruthinessTest(_ node: Node) -> SymbolicValue? {
        guard importsNotificationLibrary || importsProjectPermissionCode else { return nil }
        let read = value(of: node)
        guard case .authorizationStatus(.firebaseMessaging, _) = read else { return nil }
        if node.is(.identifier), !isReference(node) { return nil }
        // Only the outermost expression of a member chain.
        if let parent = node.parent, parent.is(.memberExpression), parent.child(byField: "object")?.id == node.id { return nil }
        guard let (parent, child) = Syntax.outerContext(of: node) else { return nil }
        switch parent.nodeKind {
        case .ifStatement, .whileStatement, .doStatement:
            return read
        case .unaryExpression:
            return Syntax.operatorText(parent) == "!" ? read : nil
        case .ternaryExpression:
            return parent.child(byField: "condition")?.id == child.id ? read : nil
        case .binaryExpression:
            guard let op = Syntax.operatorText(parent) else { return nil }
            if op == "&&" { return read }
            // `status || fallback` tests truthiness of the left operand only.
            if op == "||", parent.child(byField: "left")?.id == child.id { return read }
            return nil
        default:
            return nil
        }
    }

    // MARK: - Granted reads

    /// Whether `node` reads a root `granted` value (`res.granted`, or an identifier destructured
    /// from a response) in a place where it decides something: a condition, a logical expression,
    /// a comparison with a boolean, a return, or a store into a variable, a property, a JSX attribute
    /// or a React state setter.
    public func grantedDecisionRead(_ node: Node) -> SymbolicValue? {
        switch node.nodeKind {
        case .memberExpression:
            guard node.child(byField: "property")?.textEquals("granted") == true else { return nil }
        case .identifier:
            guard grantedBindingNames.contains(node.text), isReference(node) else { return nil }
        case .shorthandPropertyIdentifier:
            guard grantedBindingNames.contains(node.text) else { return nil }
        default:
            return nil
        }
        let read = value(of: node)
        guard read.isGranted else { return nil }
        if node.is(.shorthandPropertyIdentifier) {
            // `{ granted }`: stored into a property, unless the object only goes to a logger.
            return node.parent.map(isStoredObject) == true ? read : nil
        }
        return isDecisionContext(node) ? read : nil
    }

    private func isDecisionContext(_ node: Node) -> Bool {
        var child = node
        while let parent = child.parent {
            switch parent.nodeKind {
            case .parenthesizedExpression, .nonNullExpression, .asExpression, .satisfiesExpression:
                child = parent
                continue
            case .unaryExpression:
                if Syntax.operatorText(parent) == "!" { return true }
                return false
            case .ifStatement, .whileStatement, .doStatement, .forStatement:
                return true
            case .ternaryExpression:
                if parent.child(byField: "condition")?.id == child.id { return true }
                child = parent
                continue
            case .binaryExpression:
                guard let op = Syntax.operatorText(parent) else { return false }
                if ["&&", "||", "??"].contains(op) { return true }
                if ["===", "!==", "==", "!="].contains(op) {
                    let other = parent.child(byField: "left")?.id == child.id
                        ? parent.child(byField: "right") : parent.child(byField: "left")
                    return other.flatMap(Syntax.booleanValue) != nil
                }
                return false
            case .returnStatement, .variableDeclarator, .jsxExpression, .assignmentExpression:
                if parent.is(.assignmentExpression) { return parent.child(byField: "right")?.id == child.id }
                if parent.is(.variableDeclarator) { return parent.child(byField: "value")?.id == child.id }
                return true
            case .pair:
                guard parent.child(byField: "value")?.id == child.id, let object = parent.parent else { return false }
                return isStoredObject(object)
            case .arrowFunction:
                return parent.child(byField: "body")?.id == child.id
            case .arguments:
                guard let call = parent.parent, call.is(.callExpression),
                      let callee = call.child(byField: "function").map(Syntax.unwrap) else { return false }
                let name = callee.is(.memberExpression) ? callee.child(byField: "property")?.text : callee.text
                if name == "Boolean" { child = call; continue }
                return name.map(isStateSetterName) ?? false
            default:
                return false
            }
        }
        return false
    }

    private func isStateSetterName(_ name: String) -> Bool {
        if ["set", "setState", "dispatch", "put", "resolve"].contains(name) { return true }
        guard name.hasPrefix("set"), name.count > 3 else { return false }
        let fourth = name[name.index(name.startIndex, offsetBy: 3)]
        return fourth.isUppercase
    }

    /// Logging, tracing and analytics calls: what they receive decides nothing.
    private func isLoggingCall(_ callee: Node) -> Bool {
        let name: String
        if callee.is(.memberExpression) {
            if let object = callee.child(byField: "object").map(Syntax.unwrap) {
                let receiver = object.is(.callExpression) ? (object.child(byField: "function")?.text ?? "") : object.text
                let lowered = receiver.lowercased()
                if ["console", "logger", "log", "sentry", "analytics", "crashlytics", "bugsnag", "datadog", "amplitude", "mixpanel", "segment"]
                    .contains(where: { lowered.hasSuffix($0) }) {
                    return true
                }
            }
            name = callee.child(byField: "property")?.text ?? ""
        } else {
            name = callee.text
        }
        let loggingNames = ["log", "debug", "info", "warn", "error", "trace", "track", "logEvent", "addBreadcrumb", "captureMessage", "captureException", "recordError", "print"]
        return loggingNames.contains { name == $0 || name.hasPrefix($0) && name.dropFirst($0.count).first?.isUppercase == true }
    }

    /// Whether an object literal holding a granted value stores it: returned, assigned, kept in a
    /// variable or passed to a state setter — but not an object handed to a logger or analytics call.
    private func isStoredObject(_ object: Node) -> Bool {
        var child = object
        while let parent = child.parent {
            switch parent.nodeKind {
            case .parenthesizedExpression, .asExpression, .satisfiesExpression, .object, .array, .pair,
                 .spreadElement:
                child = parent
            case .arguments:
                guard let call = parent.parent, let callee = call.child(byField: "function").map(Syntax.unwrap) else { return false }
                return !isLoggingCall(callee)
            default:
                return true
            }
        }
        return true
    }

    // MARK: - Requests

    /// The expo permission request `call` makes, if it is one: `requestPermissionsAsync(options?)`
    /// through any import form, or redux-saga's `call(requestPermissionsAsync, options?)`.
    public func permissionRequest(_ call: Node) -> PermissionRequestCall? {
        if let known = permissionRequestCache[call.id] { return known }
        let request = computePermissionRequest(call)
        permissionRequestCache[call.id] = .some(request)
        return request
    }

    private func computePermissionRequest(_ call: Node) -> PermissionRequestCall? {
        guard call.is(.callExpression), let callee = call.child(byField: "function") else { return nil }
        let arguments = call.child(byField: "arguments")?.namedChildren.filter { $0.nodeKind != .comment } ?? []
        if value(of: callee) == .expoExport("requestPermissionsAsync") {
            return PermissionRequestCall(call: call, options: arguments.first)
        }
        let calleeNode = Syntax.unwrap(callee)
        let name = calleeNode.is(.memberExpression) ? calleeNode.child(byField: "property")?.text : calleeNode.text
        if name == "call", let first = arguments.first, value(of: first) == .expoExport("requestPermissionsAsync") {
            return PermissionRequestCall(call: call, options: arguments.count > 1 ? arguments[1] : nil)
        }
        return nil
    }

    /// What an options expression is, following identifiers to the object literal that reaches them
    /// (their initializer, or the one write that reaches the use; see `ValueFlow.swift`).
    public func resolveObject(_ expression: Node?) -> ObjectResolution {
        guard var node = expression.map(Syntax.unwrap) else { return .absent }
        var hops = 0
        while hops < 8 {
            hops += 1
            switch node.nodeKind {
            case .object:
                return .literal(node)
            case .undefined:
                return .absent
            case .identifier, .shorthandPropertyIdentifier:
                guard let (value, path) = soleDefinition(of: node), path.isEmpty else { return .unresolvable }
                node = Syntax.unwrap(value)
            default:
                return .unresolvable
            }
        }
        return .unresolvable
    }

    /// A step from a value to a part of it, for `possibleObjects`.
    private enum ObjectStep: Equatable {
        case property(String)
        case index(Int)
        /// Any element of an array.
        case element
    }

    /// Every object literal `expression` may be, for a check that holds for each of them (a
    /// notification request's trigger): the literal itself, the branches of `?:`, `||` and `??`, the
    /// one definition that reaches a variable (as `resolveObject`), a property of such an object
    /// (`request.trigger`, `const { trigger } = request`), and each element of an array literal as a
    /// `for…of` variable or the first parameter of a callback of `map`, `forEach`, `flatMap`,
    /// `filter`, `find`, `some` or `every` on it receives. What cannot be seen into is left out.
    /// With `properties`, the objects found at that property path of each (`["trigger"]`: the
    /// triggers of every request `expression` may be); a spread after or instead of the property
    /// is followed into its source.
    public func possibleObjects(_ expression: Node?, at properties: [String] = []) -> [Node] {
        guard let expression else { return [] }
        return possibleObjects(expression, steps: properties.map(ObjectStep.property))
    }

    /// Every object literal an element of `list` may be (`list.forEach(scheduleNotificationAsync)`),
    /// or the objects at a property path of each.
    public func possibleElements(of list: Node, at properties: [String] = []) -> [Node] {
        possibleObjects(list, steps: [.element] + properties.map(ObjectStep.property))
    }

    private func possibleObjects(_ expression: Node, steps initialSteps: [ObjectStep]) -> [Node] {
        var found: [Node] = []
        var seen = Set<NodeID>()
        var work: [(Node, [ObjectStep])] = [(expression, initialSteps)]
        var budget = 64
        while let (current, steps) = work.popLast(), budget > 0 {
            budget -= 1
            let node = Syntax.unwrap(current)
            switch node.nodeKind {
            case .object:
                guard let step = steps.first else {
                    if seen.insert(node.id).inserted { found.append(node) }
                    continue
                }
                guard case let .property(name) = step else { continue }
                // The last member that names the property, or a spread after it, which the property
                // may come from (`{ ...request, identifier }`); a computed key hides it.
                for member in Syntax.objectMembers(node).reversed() {
                    if member.isSpread {
                        if let source = member.value { work.append((source, steps)) }
                        break
                    }
                    guard let memberName = member.name else { break }
                    guard memberName == name else { continue }
                    if member.node.nodeKind != .methodDefinition, let value = member.value {
                        work.append((value, Array(steps.dropFirst())))
                    }
                    break
                }
            case .array:
                guard let step = steps.first else { continue }
                let items = node.namedChildren.filter { $0.nodeKind != .comment }
                switch step {
                case .element:
                    for item in items.reversed() {
                        if item.is(.spreadElement) {
                            if let inner = item.namedChild(0) { work.append((inner, steps)) }
                        } else {
                            work.append((item, Array(steps.dropFirst())))
                        }
                    }
                case let .index(position):
                    guard !items.contains(where: { $0.is(.spreadElement) }), position < items.count else { continue }
                    work.append((items[position], Array(steps.dropFirst())))
                case .property:
                    continue
                }
            case .ternaryExpression:
                for field in ["alternative", "consequence"] {
                    if let branch = node.child(byField: field) { work.append((branch, steps)) }
                }
            case .binaryExpression:
                guard let op = Syntax.operatorText(node), ["||", "??"].contains(op) else { continue }
                for field in ["right", "left"] {
                    if let side = node.child(byField: field) { work.append((side, steps)) }
                }
            case .memberExpression:
                guard let object = node.child(byField: "object"), let property = node.child(byField: "property"),
                      property.is(.propertyIdentifier) else { continue }
                work.append((object, [.property(property.text)] + steps))
            case .subscriptExpression:
                guard let object = node.child(byField: "object"), let index = node.child(byField: "index") else { continue }
                if let position = Syntax.numberValue(index) {
                    work.append((object, [.index(position)] + steps))
                } else if let name = Syntax.stringValue(index) {
                    work.append((object, [.property(name)] + steps))
                }
            case .identifier, .shorthandPropertyIdentifier:
                guard let index = resolve(name: node.text, at: node) else { continue }
                switch bindings[index].declaration {
                case let .parameter(function, 0, path, _) where !path.contains(.rest):
                    // `requests.map((r) => ...)`: r is an element of the array.
                    guard bindings[index].writes.isEmpty, let list = iteratedList(byCallback: function) else { continue }
                    work.append((list, [.element] + Self.objectSteps(path) + steps))
                case let .loopElement(statement, path) where !path.contains(.rest):
                    // `for (const r of requests)`
                    guard bindings[index].writes.isEmpty, statement.child(byField: "operator")?.textEquals("of") == true,
                          let list = statement.child(byField: "right") else { continue }
                    work.append((list, [.element] + Self.objectSteps(path) + steps))
                default:
                    guard let (value, path) = soleDefinition(of: node), !path.contains(.rest) else { continue }
                    work.append((value, Self.objectSteps(path) + steps))
                }
            default:
                continue
            }
        }
        return found
    }

    private static func objectSteps(_ path: [PathStep]) -> [ObjectStep] {
        path.compactMap { step in
            switch step {
            case let .property(name): return .property(name)
            case let .index(position): return .index(position)
            case .rest: return nil
            }
        }
    }

    /// The array whose elements `callback` receives as its first parameter:
    /// `list.map(callback)`, `list.forEach(callback)`, ...
    public func iteratedList(byCallback callback: Node) -> Node? {
        guard let context = Syntax.outerContext(of: callback), context.parent.is(.arguments),
              context.parent.namedChildren.first(where: { $0.nodeKind != .comment })?.id == context.child.id,
              let call = context.parent.parent, call.is(.callExpression),
              let callee = call.child(byField: "function").map(Syntax.unwrap), callee.is(.memberExpression),
              let method = callee.child(byField: "property")?.text,
              ["map", "forEach", "flatMap", "filter", "find", "some", "every"].contains(method) else { return nil }
        return callee.child(byField: "object")
    }

    // MARK: - Guards

    /// Whether `node` only runs on Android: in a `*.android.*` file, under `Platform.OS === 'android'`
    /// (if, ternary, `&&`, also combined: `Platform.OS === 'android' && Platform.Version >= 33`), in the
    /// `else` of an iOS test, after `if (Platform.OS === 'ios') return`, in `case 'android':` of
    /// `switch (Platform.OS)`, or in the `android` entry of `Platform.select`.
    public func isAndroidOnly(_ node: Node) -> Bool {
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        if fileName.contains(".android.") { return true }
        return androidOnlyRanges().contains { $0.lowerBound <= node.startByte && node.endByte <= $0.upperBound }
    }

    /// The byte ranges of Android-only code, found in one walk (checking a node is then a range
    /// lookup, not a climb through its ancestors).
    private func androidOnlyRanges() -> [Range<Int>] {
        if let cached = androidOnlyRangesCache { return cached }
        var ranges: [Range<Int>] = []
        // No platform test without `Platform` (directly, or in a variable initialised from it).
        guard tree.source.contains("Platform") else {
            androidOnlyRangesCache = []
            return []
        }
        tree.walk { node in
            switch node.nodeKind {
            case .ifStatement, .ternaryExpression:
                guard let condition = node.child(byField: "condition") else { break }
                if impliesAndroid(condition, when: true), let consequence = node.child(byField: "consequence") {
                    ranges.append(consequence.byteRange)
                }
                if impliesAndroid(condition, when: false), let alternative = node.child(byField: "alternative") {
                    ranges.append(alternative.byteRange)
                }
            case .binaryExpression:
                guard let left = node.child(byField: "left"), let right = node.child(byField: "right") else { break }
                let op = Syntax.operatorText(node)
                if op == "&&" && impliesAndroid(left, when: true) || op == "||" && impliesAndroid(left, when: false) {
                    ranges.append(right.byteRange)
                }
            case .statementBlock, .program, .switchCase, .switchDefault:
                // `if (Platform.OS === 'ios') return;` makes the rest of the block Android-only.
                for statement in node.namedChildren where statement.is(.ifStatement) {
                    guard statement.child(byField: "alternative") == nil,
                          let condition = statement.child(byField: "condition"), impliesAndroid(condition, when: false),
                          let consequence = statement.child(byField: "consequence"), alwaysExits(consequence) else { continue }
                    ranges.append(statement.endByte..<node.endByte)
                    break
                }
            case .switchStatement:
                guard let discriminant = node.child(byField: "value"), value(of: discriminant) == .platformOS,
                      let body = node.child(byField: "body") else { break }
                for switchCase in body.namedChildren where switchCase.is(.switchCase) {
                    if let caseValue = switchCase.child(byField: "value"), Syntax.stringValue(caseValue) == "android" {
                        ranges.append(caseValue.endByte..<switchCase.endByte)
                    }
                }
            case .callExpression:
                guard let callee = node.child(byField: "function"), Syntax.normalisedText(callee) == "Platform.select",
                      let object = node.child(byField: "arguments")?.namedChild(0).map(Syntax.unwrap), object.is(.object) else { break }
                for member in Syntax.objectMembers(object) where member.name == "android" {
                    if let value = member.value { ranges.append(value.byteRange) }
                }
            default:
                break
            }
            return true
        }
        androidOnlyRangesCache = ranges
        return ranges
    }

    /// Whether `condition` having the truth value `truth` means the platform is Android:
    /// `Platform.OS === 'android' && x` when true, `Platform.OS === 'ios' || x` when false.
    func impliesAndroid(_ condition: Node, when truth: Bool, depth: Int = 0) -> Bool {
        guard depth < 64 else { return false }
        let node = Syntax.unwrap(condition)
        // A flag that is a platform test on some path (and nothing else on another) is one.
        let senses = Set(possibleValues(of: node).compactMap { value -> Bool? in
            if case let .platformTest(android) = value { return android } else { return nil }
        })
        if senses.count == 1, let android = senses.first { return truth ? android : !android }
        switch node.nodeKind {
        case .unaryExpression:
            guard Syntax.operatorText(node) == "!", let argument = node.child(byField: "argument") else { return false }
            return impliesAndroid(argument, when: !truth, depth: depth + 1)
        case .binaryExpression:
            guard let left = node.child(byField: "left"), let right = node.child(byField: "right") else { return false }
            switch Syntax.operatorText(node) {
            case "&&": return truth && (impliesAndroid(left, when: true, depth: depth + 1) || impliesAndroid(right, when: true, depth: depth + 1))
            case "||": return !truth && (impliesAndroid(left, when: false, depth: depth + 1) || impliesAndroid(right, when: false, depth: depth + 1))
            default: return false
            }
        default:
            return false
        }
    }

    private func alwaysExits(_ statement: Node) -> Bool {
        switch statement.nodeKind {
        case .returnStatement, .throwStatement:
            return true
        case .statementBlock:
            guard let last = statement.namedChildren.last(where: { $0.nodeKind != .comment }) else { return false }
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
        // Two passes: first the functions that test for provisional themselves, then those that call
        // such a function as their test.
        for candidate in comparisons + calls where countsAsProvisionalHandling(candidate) {
            let owner = enclosingFunction(of: candidate) ?? tree.root
            map[owner.id] = true
            directlyAwareFunctions.insert(owner.id)
        }
        for candidate in calls where countsAsProvisionalHandling(candidate) {
            map[(enclosingFunction(of: candidate) ?? tree.root).id] = true
        }
        awarenessByFunction = map
        return map
    }

    /// A provisional test, unless it is combined with a blind check the wrong way round:
    /// `status !== 'granted' || ios.status !== PROVISIONAL` still rejects every provisional device.
    func countsAsProvisionalHandling(_ node: Node) -> Bool {
        guard let positive = provisionalTestSense(node) else { return false }
        // Climb through parentheses and `!` to the logical operator that combines the test.
        var child = node
        var sense = positive
        while let parent = child.parent {
            if parent.is(.parenthesizedExpression) { child = parent; continue }
            if parent.is(.unaryExpression), Syntax.operatorText(parent) == "!" {
                sense.toggle(); child = parent; continue
            }
            guard parent.is(.binaryExpression), let op = Syntax.operatorText(parent), op == "||" || op == "&&" else {
                return true
            }
            let wrongWay = (op == "||" && !sense) || (op == "&&" && sense)
            if wrongWay, logicalChain(parent, op: op).contains(where: { isBlindCheck($0) }) { return false }
            return true
        }
        return true
    }

    /// Whether `node` (through parentheses and `!`) is an operand of `||` or `&&`.
    private func isLogicalOperand(_ node: Node) -> Bool {
        var child = node
        while let parent = child.parent {
            if parent.is(.parenthesizedExpression) || parent.is(.unaryExpression) && Syntax.operatorText(parent) == "!" {
                child = parent
                continue
            }
            return parent.is(.binaryExpression) && ["||", "&&"].contains(Syntax.operatorText(parent) ?? "")
        }
        return false
    }

    /// The operands of a chain `a || b || c` (one operator, through parentheses).
    private func logicalChain(_ node: Node, op: String) -> [Node] {
        var operands: [Node] = []
        var work = [node]
        while let current = work.popLast() {
            let unwrapped = Syntax.unwrap(current)
            if unwrapped.is(.binaryExpression), Syntax.operatorText(unwrapped) == op,
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
        while node.is(.unaryExpression), let argument = node.child(byField: "argument") {
            node = Syntax.unwrap(argument)
        }
        if rootStatusComparison(node) != nil || blindAuthorizationComparison(node) != nil { return true }
        return value(of: node).isGranted
    }

    /// For a provisional test: true when it is true for a provisional device (`=== PROVISIONAL`,
    /// `[AUTHORIZED, PROVISIONAL].includes(s)`, `s !== DENIED && s !== NOT_DETERMINED`,
    /// `s >= AUTHORIZED`), false when it is true for every other device (`!== PROVISIONAL`); nil when
    /// `node` is not a provisional test.
    private static let comparisonOperators: Set<String> = ["===", "==", "!==", "!=", ">=", ">", "<", "<="]

    private func provisionalTestSense(_ node: Node) -> Bool? {
        switch node.nodeKind {
        case .binaryExpression:
            // Only a comparison can test a status (checked first: most binary expressions of a file
            // are arithmetic or logic, and evaluating their operands costs).
            guard let op = Syntax.operatorText(node), Self.comparisonOperators.contains(op), let left = node.child(byField: "left"),
                  let right = node.child(byField: "right") else { return nil }
            // Firebase / Notifee: a comparison with PROVISIONAL (2), or `>=` / `>` on the status.
            // A test of a variable that holds a status on some path counts (it silences findings).
            for (statusSide, constantSide) in [(left, right), (right, left)] {
                guard let library = possibleValues(of: statusSide).lazy.compactMap({ value -> NotificationLibrary? in
                          if case let .authorizationStatus(library, _) = value { return library } else { return nil }
                      }).first,
                      let raw = authorizationConstant(constantSide, library) else { continue }
                switch op {
                case "===", "==": if raw == 2 { return true }
                case "!==", "!=": if raw == 2 { return false }
                case ">=", ">", "<", "<=": return true
                default: break
                }
            }
            for (statusSide, constantSide) in [(left, right), (right, left)] {
                guard let raw = iosStatusConstant(constantSide) else { continue }
                let statusKnown = possibleValues(of: statusSide).contains(where: \.isIosStatus)
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
        case .switchCase:
            // `switch (ios.status) { case IosAuthorizationStatus.PROVISIONAL: ... }`
            guard let caseValue = node.child(byField: "value"), let raw = iosStatusConstant(caseValue),
                  raw == 3 || raw == 4 else { return nil }
            if Syntax.numberValue(caseValue) != nil {
                guard let statement = node.parent?.parent, statement.is(.switchStatement),
                      let discriminant = statement.child(byField: "value"),
                      possibleValues(of: discriminant).contains(where: \.isIosStatus) else { return nil }
            }
            return true
        case .callExpression:
            // A call of a local helper that tests for provisional itself (`granted || isProvisional(s)`).
            // Only as an operand of `||` / `&&`: `return isQuiet(s)` after an early blind return does
            // not rescue the devices that return dropped.
            // (No helper is known to test for provisional until one is found: skip evaluating callees.)
            if !directlyAwareFunctions.isEmpty, let callee = node.child(byField: "function"),
               case let .localFunction(function) = value(of: callee), directlyAwareFunctions.contains(function.id) {
                return isLogicalOperand(node) ? true : nil
            }
            guard let callee = node.child(byField: "function").map(Syntax.unwrap), callee.is(.memberExpression),
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
        if node.is(.identifier), let (value, path) = soleDefinition(of: node), path.isEmpty {
            node = Syntax.unwrap(value)
        }
        return node.is(.array) ? node.namedChildren : []
    }

    /// The raw value of an `IosAuthorizationStatus` member, or of a small number literal.
    private func iosStatusConstant(_ node: Node) -> Int? {
        if let number = Syntax.numberValue(node) { return (0...4).contains(number) ? number : nil }
        let unwrapped = Syntax.unwrap(node)
        guard unwrapped.is(.memberExpression) || unwrapped.is(.identifier),
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
            switch parent.nodeKind {
            case .arrowFunction:
                return parent.child(byField: "body")?.id == child.id ? parent : nil
            case .returnStatement:
                return enclosingFunction(of: parent)
            case .arguments:
                guard let call = parent.parent, let callee = call.child(byField: "function"),
                      Syntax.normalisedText(callee) == "Promise.resolve" else { return nil }
                current = call
            case .awaitExpression:
                current = parent
            case .variableDeclarator:
                guard parent.child(byField: "value")?.id == child.id,
                      let name = parent.child(byField: "name"), name.is(.identifier),
                      let declared = resolve(name: name.text, at: name),
                      let function = enclosingFunction(of: parent) else { return nil }
                let returnsIt = returnedExpressions(of: function).contains { returned in
                    let unwrapped = Syntax.unwrap(returned)
                    return unwrapped.is(.identifier) && unwrapped.textEquals(name.text)
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
            switch node.nodeKind {
            case .typeIdentifier:
                if node.textEquals(typeName), let index = resolve(name: typeName, at: node),
                   value(ofBinding: index) == .expoExport(typeName) {
                    return true
                }
            case .nestedTypeIdentifier:
                if let module = node.child(byField: "module"), module.is(.identifier),
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

    /// Object literals that can be the behavior a `handleNotification` function of expo returns:
    /// directly, in either branch of a ternary or `||`, through `await` / `Promise.resolve`, a
    /// constant holding one, or a local function that builds one.
    public func notificationBehaviorObjects() -> Set<NodeID> {
        if let cached = behaviorObjectsCache { return cached }
        var found = Set<NodeID>()
        var visitedFunctions = Set<NodeID>()
        var work: [(Node, Int)] = notificationHandlerFunctions().flatMap { handler in
            returnedExpressions(of: handler).map { ($0, 0) }
        }
        visitedFunctions.formUnion(notificationHandlerFunctions().map(\.id))
        while let (expression, depth) = work.popLast() {
            guard depth < 16 else { continue }
            let node = Syntax.unwrap(expression)
            switch node.nodeKind {
            case .object:
                found.insert(node.id)
            case .ternaryExpression:
                for field in ["consequence", "alternative"] {
                    if let branch = node.child(byField: field) { work.append((branch, depth + 1)) }
                }
            case .binaryExpression:
                for field in ["left", "right"] {
                    if let side = node.child(byField: field) { work.append((side, depth + 1)) }
                }
            case .awaitExpression:
                if let inner = node.namedChild(0) { work.append((inner, depth + 1)) }
            case .identifier:
                // Every object that may reach the returned variable is a behavior when it does.
                for (value, path) in possibleDefinitions(of: node) ?? [] where path.isEmpty {
                    work.append((value, depth + 1))
                }
            case .callExpression:
                guard let callee = node.child(byField: "function") else { continue }
                if Syntax.normalisedText(callee) == "Promise.resolve",
                   let argument = node.child(byField: "arguments")?.namedChild(0) {
                    work.append((argument, depth + 1))
                } else if case let .localFunction(function) = value(of: callee), visitedFunctions.insert(function.id).inserted {
                    work += returnedExpressions(of: function).map { ($0, depth + 1) }
                }
            default:
                continue
            }
        }
        behaviorObjectsCache = found
        return found
    }

    /// Functions passed as `handleNotification` to expo's `setNotificationHandler`.
    /// Whether a decision on a status only maps it to a label to show: a `switch` on the status, or a
    /// chain of comparisons (`if … else if …`, nested ternaries), that tells apart at least two status
    /// values and where every branch only yields a string literal (returned, assigned, or as the
    /// ternary's value) — a debug screen printing GRANTED / DENIED / UNDETERMINED. A branch that does
    /// anything else (requests, returns a boolean, navigates), or a single `=== 'granted'` test, is a
    /// real decision.
    public func isDisplayOnlyDecision(_ site: Node) -> Bool {
        func isLabel(_ node: Node?) -> Bool {
            guard let node = node.map(Syntax.unwrap) else { return false }
            switch node.nodeKind {
            case .string: return true
            case .templateString: return !node.namedChildren.contains { $0.is(.templateSubstitution) }
            default: return false
            }
        }
        func isLabelStatement(_ statement: Node) -> Bool {
            switch statement.nodeKind {
            case .comment, .breakStatement, .emptyStatement: return true
            case .returnStatement: return isLabel(statement.namedChildren.first { $0.nodeKind != .comment })
            case .expressionStatement:
                guard let expression = statement.namedChildren.first(where: { $0.nodeKind != .comment }).map(Syntax.unwrap),
                      expression.is(.assignmentExpression) else { return false }
                return isLabel(expression.child(byField: "right"))
            case .statementBlock: return statement.namedChildren.allSatisfy(isLabelStatement)
            default: return false
            }
        }
        /// Any of the three statuses, as a string or a `PermissionStatus` member.
        func anyStatusLiteral(_ node: Node) -> String? {
            if let string = Syntax.stringValue(node) { return ["granted", "denied", "undetermined"].contains(string) ? string : nil }
            if case let .expoEnumMember("PermissionStatus", member) = value(of: Syntax.unwrap(node)) { return member.lowercased() }
            return nil
        }
        /// The status literal a condition compares the root status with.
        func comparedLiteral(_ condition: Node?) -> String? {
            guard let condition = condition.map(Syntax.unwrap), condition.is(.binaryExpression),
                  let op = Syntax.operatorText(condition), ["===", "!==", "==", "!="].contains(op),
                  let left = condition.child(byField: "left"), let right = condition.child(byField: "right") else { return nil }
            for (statusSide, literalSide) in [(left, right), (right, left)] where value(of: statusSide).isRootStatus {
                if let literal = anyStatusLiteral(literalSide) { return literal }
            }
            return nil
        }
        // A `switch`: every case only yields a label, and at least two statuses have a case.
        var switchCase = site
        if switchCase.nodeKind != .switchCase, let parent = site.parent, parent.is(.switchCase) { switchCase = parent }
        if switchCase.is(.switchCase), let body = switchCase.parent, body.is(.switchBody) {
            var literals = Set<String>()
            for member in body.namedChildren {
                guard member.is(.switchCase) || member.is(.switchDefault) else {
                    if member.is(.comment) { continue }
                    return false
                }
                if let value = member.child(byField: "value"), let literal = anyStatusLiteral(value) { literals.insert(literal) }
                guard member.children(byField: "body").allSatisfy(isLabelStatement) else { return false }
            }
            return literals.count >= 2
        }
        var condition = site
        while let parent = condition.parent, [.parenthesizedExpression, .unaryExpression].contains(parent.nodeKind) { condition = parent }
        guard let holder = condition.parent else { return false }
        var literals = Set<String>()
        switch holder.nodeKind {
        case .ternaryExpression:
            guard holder.child(byField: "condition")?.id == condition.id else { return false }
            // Up to the first ternary of the chain, then down its alternatives.
            var top = holder
            while let parent = top.parent.map({ $0.is(.parenthesizedExpression) ? ($0.parent ?? $0) : $0 }),
                  parent.is(.ternaryExpression), parent.child(byField: "alternative").map(Syntax.unwrap)?.id == top.id {
                top = parent
            }
            var current: Node? = top
            while let ternary = current {
                guard let literal = comparedLiteral(ternary.child(byField: "condition")), isLabel(ternary.child(byField: "consequence")),
                      let alternative = ternary.child(byField: "alternative").map(Syntax.unwrap) else { return false }
                literals.insert(literal)
                if alternative.is(.ternaryExpression) {
                    current = alternative
                } else {
                    guard isLabel(alternative) else { return false }
                    current = nil
                }
            }
        case .ifStatement:
            guard holder.child(byField: "condition")?.id == condition.id else { return false }
            var top = holder
            while let clause = top.parent, clause.is(.elseClause), let parent = clause.parent, parent.is(.ifStatement) {
                top = parent
            }
            var current: Node? = top
            while let statement = current {
                guard let literal = comparedLiteral(statement.child(byField: "condition")),
                      let consequence = statement.child(byField: "consequence"), isLabelStatement(consequence) else { return false }
                literals.insert(literal)
                current = nil
                if let alternative = statement.child(byField: "alternative") {
                    let inner = alternative.namedChildren.filter { $0.nodeKind != .comment }
                    if inner.count == 1, inner[0].is(.ifStatement) {
                        current = inner[0]
                    } else if !inner.allSatisfy(isLabelStatement) {
                        return false
                    }
                }
            }
        default:
            return false
        }
        return literals.count >= 2
    }

    public func notificationHandlerFunctions() -> [Node] {
        if let cached = handlerFunctionsCache { return cached }
        var functions: [Node] = []
        var seen = Set<NodeID>()
        func add(_ function: Node) {
            if seen.insert(function.id).inserted { functions.append(function) }
        }
        // Any `handleNotification` in a file that uses expo-notifications is expo's handler: the
        // object may reach `setNotificationHandler` through a default parameter, a typed constant
        // (`: NotificationHandler`), a factory function, or another file.
        // An object handed straight to another function (a wrapper of the app's own, another
        // library's `setNotificationHandler`) is that function's business, not expo's.
        func passedToAnotherFunction(_ object: Node?) -> Bool {
            guard var current = object else { return false }
            while let parent = current.parent, parent.is(.parenthesizedExpression) { current = parent }
            guard let arguments = current.parent, arguments.is(.arguments), let call = arguments.parent,
                  let callee = call.child(byField: "function") else { return false }
            return self.value(of: callee) != .expoExport("setNotificationHandler")
        }
        if usesExpoNotifications {
            // Only where the name is written: climb from each occurrence to the pair or method it
            // names (no walk over the whole tree).
            let name = "handleNotification"
            for offset in tree.source.offsets(of: name) {
                guard var current = tree.root.descendant(spanning: offset..<(offset + name.utf8.count)) else { continue }
                for _ in 0..<4 {
                    guard let parent = current.parent else { break }
                    if parent.is(.pair) {
                        if let key = parent.child(byField: "key"), key.contains(current), Syntax.propertyName(key) == name,
                           !passedToAnotherFunction(parent.parent),
                           let value = parent.child(byField: "value"), case let .localFunction(function) = self.value(of: value) {
                            add(function)
                        }
                        break
                    }
                    if parent.is(.methodDefinition) {
                        if let key = parent.child(byField: "name"), key.contains(current), Syntax.propertyName(key) == name,
                           parent.parent?.nodeKind == .object, !passedToAnotherFunction(parent.parent) {
                            add(parent)
                        }
                        break
                    }
                    current = parent
                }
            }
        }
        for call in calls {
            guard let callee = call.child(byField: "function"), value(of: callee) == .expoExport("setNotificationHandler"),
                  case let .literal(object) = resolveObject(call.child(byField: "arguments")?.namedChild(0)) else { continue }
            for member in Syntax.objectMembers(object) where member.name == "handleNotification" {
                guard let value = member.value else { continue }
                if member.node.is(.methodDefinition) {
                    add(member.node)
                } else if case let .localFunction(function) = self.value(of: value) {
                    add(function)
                }
            }
        }
        handlerFunctionsCache = functions
        return functions
    }
}
