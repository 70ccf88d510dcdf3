import GrantedSyntax

/// Permission requests: which calls request permission, and with what options.
extension SemanticModel {
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
        guard call.is(.callExpression), let callee = call.child(byField: .function) else { return nil }
        let arguments = call.child(byField: .arguments)?.namedChildren.filter { $0.nodeKind != .comment } ?? []
        if value(of: callee) == .expoExport("requestPermissionsAsync") {
            return PermissionRequestCall(call: call, options: arguments.first)
        }
        let calleeNode = Syntax.unwrap(callee)
        let name = calleeNode.is(.memberExpression) ? calleeNode.child(byField: .property)?.text : calleeNode.text
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
                for field: FieldName in [.alternative, .consequence] {
                    if let branch = node.child(byField: field) { work.append((branch, steps)) }
                }
            case .binaryExpression:
                guard let op = Syntax.operatorText(node), ["||", "??"].contains(op) else { continue }
                for field: FieldName in [.right, .left] {
                    if let side = node.child(byField: field) { work.append((side, steps)) }
                }
            case .memberExpression:
                guard let object = node.child(byField: .object), let property = node.child(byField: .property),
                      property.is(.propertyIdentifier) else { continue }
                work.append((object, [.property(property.text)] + steps))
            case .subscriptExpression:
                guard let object = node.child(byField: .object), let index = node.child(byField: .index) else { continue }
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
                    guard bindings[index].writes.isEmpty, statement.child(byField: .operator)?.textEquals("of") == true,
                          let list = statement.child(byField: .right) else { continue }
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
              let callee = call.child(byField: .function).map(Syntax.unwrap), callee.is(.memberExpression),
              let method = callee.child(byField: .property)?.text,
              ["map", "forEach", "flatMap", "filter", "find", "some", "every"].contains(method) else { return nil }
        return callee.child(byField: .object)
    }
}

/// The library a permission request goes through; each reports a device that declined in its own
/// words (facts: Other React Native libraries).
public enum RequestLibrary: String, Sendable {
    case expo = "expo-notifications"
    case firebaseMessaging = "@react-native-firebase/messaging"
    case notifee = "@notifee/react-native"
    case permissionsLib = "react-native-permissions"
}

/// A notification permission request of any library the model follows, and what it asks iOS for.
public struct NotificationPermissionRequest {
    public let call: Node
    public let library: RequestLibrary
    public let option: ProvisionalOption
}

extension SemanticModel {
    static let permissionsModule = RequestLibrary.permissionsLib.rawValue

    /// The notification permission request `call` makes, of any library: expo's
    /// `requestPermissionsAsync` (also through redux-saga's `call` and `usePermissions()`),
    /// Firebase's and Notifee's `requestPermission(options)`, react-native-permissions'
    /// `requestNotifications(list)`.
    public func notificationPermissionRequest(_ call: Node) -> NotificationPermissionRequest? {
        guard call.is(.callExpression), let callee = call.child(byField: .function) else { return nil }
        if let request = permissionRequest(call) {
            return NotificationPermissionRequest(call: call, library: .expo, option: provisionalOption(ofExpoOptions: request.options))
        }
        let calleeValue = value(of: callee)
        switch calleeValue {
        case .permissionFunction:
            guard hookTuplePosition(of: callee) != 2, let request = hookRequest(call) else { return nil }
            return NotificationPermissionRequest(call: call, library: .expo, option: provisionalOption(ofExpoOptions: request.options))
        case let .libraryValue(library, .method("requestPermission")), let .libraryValue(library, .export("requestPermission")):
            // Modular Firebase takes the messaging instance first: `requestPermission(getMessaging(), options)`.
            let arguments = call.child(byField: .arguments)?.namedChildren.filter { $0.nodeKind != .comment } ?? []
            let position = library == .firebaseMessaging && calleeValue == .libraryValue(library, .export("requestPermission")) ? 1 : 0
            let options = position < arguments.count ? arguments[position] : nil
            return NotificationPermissionRequest(
                call: call, library: library == .firebaseMessaging ? .firebaseMessaging : .notifee,
                option: provisionalOption(ofLibraryOptions: options)
            )
        default:
            guard isPermissionsRequestNotifications(callee) else { return nil }
            let list = call.child(byField: .arguments)?.namedChildren.first { $0.nodeKind != .comment }
            let option: ProvisionalOption
            if let list = list.map(Syntax.unwrap), list.is(.array) {
                let names = list.namedChildren.compactMap(Syntax.stringValue)
                option = names.contains("provisional") ? .always : names.count == list.namedChildren.count ? .never : .unknown
            } else {
                option = list == nil ? .never : .unknown
            }
            return NotificationPermissionRequest(call: call, library: .permissionsLib, option: option)
        }
    }

    /// `requestNotifications` of react-native-permissions, imported by name or reached through the
    /// module's namespace or default import.
    func isPermissionsRequestNotifications(_ callee: Node) -> Bool {
        let node = Syntax.unwrap(callee)
        func declaration(of identifier: Node) -> Declaration? {
            resolve(name: identifier.text, at: identifier).map { bindings[$0].declaration }
        }
        if node.is(.identifier) {
            if case let .importNamed(module, name)? = declaration(of: node) { return module == Self.permissionsModule && name == "requestNotifications" }
            return false
        }
        guard node.is(.memberExpression), node.child(byField: .property)?.textEquals("requestNotifications") == true,
              let object = node.child(byField: .object).map(Syntax.unwrap), object.is(.identifier) else { return false }
        switch declaration(of: object) {
        case let .importNamespace(module)?, let .importDefault(module)?: return module == Self.permissionsModule
        default: return false
        }
    }
}
