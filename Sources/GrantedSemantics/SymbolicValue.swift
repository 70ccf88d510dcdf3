import GrantedSyntax

/// What the semantic model knows an expression evaluates to, as far as notification permissions go.
/// `origin` is the byte range of the call that produced the permission data (for related locations).
public enum SymbolicValue: Equatable {
    case unknown
    /// The expo-notifications module object (`import * as N`, `require(...)`).
    case expoModule
    /// A named export of expo-notifications: a function, an enum or a type.
    case expoExport(String)
    /// A member of one of expo-notifications' enums (`IosAuthorizationStatus.PROVISIONAL`).
    case expoEnumMember(enumName: String, member: String)
    /// A promise of a permission response (an unawaited call).
    case permissionPromise(origin: Range<Int>)
    /// A `NotificationPermissionsStatus`.
    case permissionResponse(origin: Range<Int>)
    /// `[response, request, get]` from `usePermissions()`.
    case permissionHookTuple(origin: Range<Int>)
    /// The request or get function of `usePermissions()`.
    case permissionFunction(origin: Range<Int>)
    /// A react-query result whose `data` is a permission response.
    case permissionQuery(origin: Range<Int>)
    /// A react-query result whose `data` is another permission value (a status its `queryFn` or
    /// `select` returns).
    indirect case queryResult(data: SymbolicValue)
    /// What a project function returned as an object built from permission data, by member, at a
    /// call site.
    case resultObject([String: ExportedResult], origin: Range<Int>)
    /// Root `status` of a response.
    case rootStatus(origin: Range<Int>)
    /// Root `granted` of a response (read directly or destructured).
    case granted(origin: Range<Int>)
    /// Root `canAskAgain` of a response.
    case canAskAgain(origin: Range<Int>)
    /// The `ios` object of a response.
    case iosSettings(origin: Range<Int>)
    /// `ios.status` of a response (an `IosAuthorizationStatus`).
    case iosStatus(origin: Range<Int>)
    /// A function declared in this file; calling it yields what it returns.
    case localFunction(Node)
    /// An object literal in this file (a service object whose methods may return permission data).
    case localObject(Node)
    /// A class in this file (for `this.method()` and static methods).
    case localClass(Node)
    /// `Promise.all([...])` over an array literal: element `i` is what awaiting item `i` gives.
    case promiseAll(Node)
    /// `Platform.OS`.
    case platformOS
    /// A platform test (`Platform.OS === 'web'`): the platforms the code may run on when it is
    /// true, and when it is false.
    case platformTest(ifTrue: PlatformSet, ifFalse: PlatformSet)
    /// Another notification library's module object, instance or export.
    case libraryValue(NotificationLibrary, LibraryValue)
    /// A member of a library's `AuthorizationStatus` enum.
    case authorizationEnumMember(NotificationLibrary, member: String)
    /// An authorization status (Firebase's resolved value, Notifee's `authorizationStatus`).
    case authorizationStatus(NotificationLibrary, origin: Range<Int>)
    /// A promise of an authorization status (Firebase) or of settings (Notifee).
    case authorizationPromise(NotificationLibrary, origin: Range<Int>)
    /// Notifee's `NotificationSettings`.
    case notifeeSettings(origin: Range<Int>)
    /// Something exported by another file of the project (see `ProjectIndex`).
    case external(ExportedValue)
    /// An application store's state (a zustand store's, `useAtom`'s tuple), by its key (see
    /// `StoreCells.swift`); `origin` is the read.
    case storeState(String, origin: Range<Int>)

    public static func == (lhs: SymbolicValue, rhs: SymbolicValue) -> Bool {
        switch (lhs, rhs) {
        case (.unknown, .unknown), (.expoModule, .expoModule), (.platformOS, .platformOS): return true
        case let (.expoExport(a), .expoExport(b)): return a == b
        case let (.expoEnumMember(a, b), .expoEnumMember(c, d)): return a == c && b == d
        case let (.permissionPromise(a), .permissionPromise(b)),
             let (.permissionResponse(a), .permissionResponse(b)),
             let (.permissionHookTuple(a), .permissionHookTuple(b)),
             let (.permissionFunction(a), .permissionFunction(b)),
             let (.permissionQuery(a), .permissionQuery(b)),
             let (.rootStatus(a), .rootStatus(b)),
             let (.granted(a), .granted(b)),
             let (.canAskAgain(a), .canAskAgain(b)),
             let (.iosSettings(a), .iosSettings(b)),
             let (.iosStatus(a), .iosStatus(b)):
            return a == b
        case let (.localFunction(a), .localFunction(b)), let (.localObject(a), .localObject(b)),
             let (.localClass(a), .localClass(b)), let (.promiseAll(a), .promiseAll(b)):
            return a.id == b.id
        case let (.platformTest(a, b), .platformTest(c, d)): return a == c && b == d
        case let (.libraryValue(a, b), .libraryValue(c, d)): return a == c && b == d
        case let (.authorizationEnumMember(a, b), .authorizationEnumMember(c, d)): return a == c && b == d
        case let (.authorizationStatus(a, b), .authorizationStatus(c, d)),
             let (.authorizationPromise(a, b), .authorizationPromise(c, d)):
            return a == c && b == d
        case let (.notifeeSettings(a), .notifeeSettings(b)): return a == b
        case let (.external(a), .external(b)): return a == b
        case let (.storeState(a, b), .storeState(c, d)): return a == c && b == d
        case let (.queryResult(a), .queryResult(b)): return a == b
        case let (.resultObject(a, b), .resultObject(c, d)): return a == c && b == d
        default: return false
        }
    }

    public var isUnknown: Bool { if case .unknown = self { return true } else { return false } }

    /// The call that produced this permission value, if it is one.
    public var origin: Range<Int>? {
        switch self {
        case let .permissionPromise(origin), let .permissionResponse(origin), let .permissionHookTuple(origin),
             let .permissionFunction(origin), let .permissionQuery(origin), let .rootStatus(origin),
             let .granted(origin), let .canAskAgain(origin), let .iosSettings(origin), let .iosStatus(origin),
             let .authorizationStatus(_, origin), let .authorizationPromise(_, origin), let .notifeeSettings(origin):
            return origin
        case let .queryResult(data):
            return data.origin
        default:
            return nil
        }
    }

    public var isRootStatus: Bool { if case .rootStatus = self { return true } else { return false } }
    public var isGranted: Bool { if case .granted = self { return true } else { return false } }
    public var isCanAskAgain: Bool { if case .canAskAgain = self { return true } else { return false } }
    public var isIosStatus: Bool { if case .iosStatus = self { return true } else { return false } }
    public var isPermissionResponse: Bool {
        if case .permissionResponse = self { return true } else { return false }
    }

    /// The expo-notifications export this value names, if any.
    public var expoExportName: String? { if case let .expoExport(name) = self { return name } else { return nil } }
}

/// The other notification libraries the model follows.
public enum NotificationLibrary: String, Sendable, Hashable {
    case firebaseMessaging = "@react-native-firebase/messaging"
    case notifee = "@notifee/react-native"

    public init?(module: String) {
        if module == NotificationLibrary.firebaseMessaging.rawValue || module.hasPrefix("@react-native-firebase/messaging/") {
            self = .firebaseMessaging
        } else if module == NotificationLibrary.notifee.rawValue {
            self = .notifee
        } else {
            return nil
        }
    }

    public var displayName: String { self == .firebaseMessaging ? "firebase-messaging" : "notifee" }

    /// `@react-native-firebase/app`, whose default export reaches messaging as `firebase.messaging`.
    public static let firebaseAppModule = "@react-native-firebase/app"
}

/// What a value of another notification library is, short of a status.
public enum LibraryValue: Hashable, Sendable {
    /// The default export (`messaging`, `notifee`) or a namespace import.
    case module
    /// `messaging()`: the Firebase messaging instance.
    case instance
    /// A named export (`getMessaging`, `requestPermission`, `AuthorizationStatus`, ...).
    case export(String)
    /// A method of the module or instance (`notifee.requestPermission`).
    case method(String)
}

/// expo-notifications functions that resolve to a permission response.
let permissionFunctionNames: Set<String> = ["getPermissionsAsync", "requestPermissionsAsync"]
/// expo-notifications enums whose members the model tracks.
let trackedEnums: Set<String> = ["IosAuthorizationStatus", "PermissionStatus", "AndroidImportance"]

extension SemanticModel {
    /// What `expression` evaluates to.
    public func value(of expression: Node) -> SymbolicValue {
        let key = expression.id
        if let cached = valueCache[key] { return cached }
        // Evaluation recurses through the expression: bound it so that no input can exhaust a
        // worker thread's stack.
        if evaluating.contains(key) || evaluating.count > 150 { return .unknown }
        evaluating.insert(key)
        let result = computeValue(of: expression)
        evaluating.remove(key)
        valueCache[key] = result
        return result
    }

    /// What a binding holds wherever it is used: its declaration's value (initializer through its
    /// destructuring path, parameter, import), or, for a variable written later, what the
    /// declaration and every write agree on (see `ValueFlow.swift`; a use has its own value there).
    public func value(ofBinding index: Int) -> SymbolicValue {
        let writes = bindings[index].writes
        guard !writes.isEmpty else { return declarationValue(index) }
        if let cached = bindingValueCache[index] { return cached }
        if evaluatingBindings.contains(index) { return .unknown }
        evaluatingBindings.insert(index)
        let result = merged([definitionValue(.declaration, binding: index)] + writes.map { definitionValue(.write($0), binding: index) })
        evaluatingBindings.remove(index)
        bindingValueCache[index] = result
        return result
    }

    /// What a binding's declaration gives it, whatever is written to it later.
    func declarationValue(_ index: Int) -> SymbolicValue {
        if let cached = declarationValueCache[index] { return cached }
        if evaluatingDeclarations.contains(index) { return .unknown }
        evaluatingDeclarations.insert(index)
        let result = computeDeclarationValue(index)
        evaluatingDeclarations.remove(index)
        declarationValueCache[index] = result
        return result
    }

    private func computeDeclarationValue(_ index: Int) -> SymbolicValue {
        let binding = bindings[index]
        switch binding.declaration {
        case let .importNamespace(module), let .importDefault(module):
            if module == SemanticModel.expoNotificationsModule { return .expoModule }
            if let library = NotificationLibrary(module: module) { return .libraryValue(library, .module) }
            // The namespaced Firebase API: `firebase.messaging()`, `firebase.messaging.AuthorizationStatus`.
            if module == NotificationLibrary.firebaseAppModule { return .libraryValue(.firebaseMessaging, .export("firebase")) }
            if let exported = project?.exports(ofModule: module, importedFrom: path) {
                if case .importDefault = binding.declaration { return exported["default"]?.symbolic ?? .unknown }
                return .external(.module(exported))
            }
            return .unknown
        case let .importNamed(module, name):
            if module == SemanticModel.expoNotificationsModule { return .expoExport(name) }
            if let library = NotificationLibrary(module: module) {
                return name == "default" ? .libraryValue(library, .module) : .libraryValue(library, .export(name))
            }
            if let exported = project?.exports(ofModule: module, importedFrom: path)?[name] { return exported.symbolic }
            // expo-notifications re-exports the permission enum of expo-modules-core (and `expo`).
            if name == "PermissionStatus", module == "expo-modules-core" || module == "expo" { return .expoExport(name) }
            return .unknown
        case let .function(node):
            return node.is(.classDeclaration) || node.is(.abstractClassDeclaration) ? .localClass(node) : .localFunction(node)
        case let .variable(initializer, path):
            var result = SymbolicValue.unknown
            if let initializer {
                result = follow(value(of: initializer), through: path, initializer: initializer)
            }
            if result.isUnknown, path == [.index(0)], let initializer {
                result = reactStateValue(initializer: initializer, stateBinding: binding)
            }
            // `const ok = res.granted` is itself the decision site that gets reported; the variable
            // then holds a derived boolean, not a fresh read, so that one mistake is one finding.
            if path.isEmpty, result.isGranted { return .unknown }
            return result
        case let .parameter(function, position, path, parameter):
            return follow(parameterValue(function: function, index: position, parameter: parameter), through: path, initializer: nil)
        case .loopElement, .other:
            return .unknown
        }
    }

    /// `const [status, setStatus] = useState()`: what the setter is called with, when that is a root
    /// status or a whole response (stores of `granted` are reported where they happen instead).
    private func reactStateValue(initializer: Node, stateBinding: Binding) -> SymbolicValue {
        let call = Syntax.unwrap(initializer)
        guard call.is(.callExpression), let callee = call.child(byField: .function),
              callee.text.hasSuffix("useState"),
              let pattern = stateBinding.nameNode.parent, pattern.is(.arrayPattern),
              let setter = pattern.namedChildren.filter({ $0.nodeKind != .comment }).dropFirst().first,
              setter.is(.identifier), let setterIndex = resolve(name: setter.text, at: setter) else { return .unknown }
        for candidate in calls {
            // `getPermissionsAsync().then(setPermission)` stores the response itself.
            if let target = candidate.child(byField: .function).map(Syntax.unwrap), target.is(.memberExpression),
               target.child(byField: .property)?.textEquals("then") == true,
               let passed = candidate.child(byField: .arguments)?.namedChildren.first(where: { $0.nodeKind != .comment }),
               passed.is(.identifier), passed.textEquals(setter.text), resolve(name: setter.text, at: passed) == setterIndex,
               let object = target.child(byField: .object), case let .permissionPromise(origin) = value(of: object) {
                return .permissionResponse(origin: origin)
            }
            guard let target = candidate.child(byField: .function), target.is(.identifier),
                  target.textEquals(setter.text), resolve(name: setter.text, at: target) == setterIndex,
                  let argument = candidate.child(byField: .arguments)?.namedChildren.first(where: { $0.nodeKind != .comment })
            else { continue }
            let stored = value(of: argument)
            switch stored {
            case .rootStatus, .permissionResponse, .iosStatus:
                return stored
            default:
                continue
            }
        }
        return .unknown
    }

    /// What `this` is at `node`: the object literal of the method it is in (arrows inherit `this`),
    /// or the class around it.
    func thisValue(at node: Node) -> SymbolicValue {
        // Through the scope tree (every kind that decides `this` opens a scope), not node parents,
        // which tree-sitter finds by descending from the root each time.
        var index: Int? = scopeIndex(containing: node)
        if let current = index, scopes[current].node.id == node.id { index = scopes[current].parent }
        while let current = index {
            let candidate = scopes[current].node
            switch candidate.nodeKind {
            case .methodDefinition:
                if let object = candidate.parent, object.is(.object) { return .localObject(object) }
            case .classBody:
                if let classNode = candidate.parent { return .localClass(classNode) }
            case .functionDeclaration, .functionExpression:
                return .unknown
            default:
                break
            }
            index = scopes[current].parent
        }
        return .unknown
    }

    /// The class (declaration or expression) whose body contains `node`.
    func enclosingClass(of node: Node) -> Node? {
        var current = node.parent
        while let candidate = current {
            if candidate.is(.classDeclaration) || candidate.is(.class) || candidate.is(.abstractClassDeclaration) {
                return candidate
            }
            current = candidate.parent
        }
        return nil
    }

    /// A method or field of a class in this file; a field its code fills may hold the module it
    /// loads (`ModuleLoaders.swift`).
    func classMember(_ classNode: Node, _ name: String) -> SymbolicValue {
        guard let body = classNode.child(byField: .body) else { return .unknown }
        for member in body.namedChildren {
            switch member.nodeKind {
            case .methodDefinition:
                if member.child(byField: .name).flatMap(Syntax.propertyName) == name { return .localFunction(member) }
            case .publicFieldDefinition:
                if member.child(byField: .name).flatMap(Syntax.propertyName) == name,
                   let fieldValue = member.child(byField: .value), !Self.isPlaceholder(fieldValue) {
                    return value(of: fieldValue)
                }
            default:
                continue
            }
        }
        return moduleKeptInField(of: classNode, name)
    }

    /// A callback parameter's value, from where the callback is passed, or from its type annotation.
    func parameterValue(function: Node, index: Int, parameter: Node) -> SymbolicValue {
        if let type = parameter.child(byField: .type), typeNamesPermissionResponse(type) {
            return .permissionResponse(origin: parameter.byteRange)
        }
        if let module = moduleParameterValue(function: function, index: index, parameter: parameter) { return module }
        if let fed = fedPermissionValue(function: function, index: index) { return fed }
        if let fed = exportedHelperParameterValue(function: function, position: index, parameter: parameter) { return fed }
        // react-query's `select: (data) => ...` receives what the query function resolves to.
        if index == 0, let context = Syntax.outerContext(of: function), context.parent.is(.pair),
           ["select", "onSuccess", "onSettled"].contains(context.parent.child(byField: .key).flatMap(Syntax.propertyName) ?? ""),
           let object = context.parent.parent, object.is(.object),
           let argumentList = object.parent, argumentList.is(.arguments) {
            let arguments = argumentList.namedChildren.filter { $0.nodeKind != .comment }
            if let origin = queryFunctionOrigin(arguments) { return .permissionResponse(origin: origin) }
            if let resolved = queryFunctionResult(arguments) { return resolved }
        }
        if let state = selectorParameterState(function: function, index: index) { return state }
        guard index == 0, let context = Syntax.outerContext(of: function), context.parent.is(.arguments),
              let call = context.parent.parent, call.is(.callExpression),
              let callee = call.child(byField: .function).map(Syntax.unwrap) else { return .unknown }
        // A zustand selector: `useStore((state) => state.status === 'granted')`.
        if let state = storeSelectorState(call: call, callee: callee) { return state }
        // `promise.then(response => ...)`
        if callee.is(.memberExpression), let property = callee.child(byField: .property),
           property.textEquals("then"), let object = callee.child(byField: .object),
           context.parent.namedChildren.first?.id == context.child.id {
            switch value(of: object) {
            case let .permissionPromise(origin), let .permissionResponse(origin):
                return .permissionResponse(origin: origin)
            case let .authorizationPromise(library, origin):
                return awaited(.authorizationPromise(library, origin: origin))
            default:
                return .unknown
            }
        }
        return .unknown
    }

    /// A helper fed permission data: every call of the function in this file (one at least; the
    /// function is not exported nor passed around) hands it a root status, or every call a whole
    /// response (`toStatus(settings.status)`, `isPermissionGranted(response)`). It then decides
    /// inside, where its comparison is reported; a call that hands it anything else (a literal, a
    /// server value) leaves the parameter unknown. An analytics wrapper (`trackPushStatus(status)`)
    /// is reported where the status is passed in, so its parameter is left alone.
    private func fedPermissionValue(function: Node, index: Int) -> SymbolicValue? {
        guard importsExpoNotifications || usesExpoNotifications || importsProjectPermissionCode,
              helperNameNode(of: function).map({ !Self.isAnalyticsFunctionName($0.text) }) ?? false,
              let arguments = argumentsOfEveryCall(of: function), !arguments.isEmpty else { return nil }
        var fed: SymbolicValue?
        for list in arguments {
            guard index < list.count, !list[0...index].contains(where: { $0.is(.spreadElement) }) else { return nil }
            let passed = value(of: list[index])
            switch passed {
            case .rootStatus, .permissionResponse:
                guard fed.map({ $0.agrees(with: passed) }) ?? true else { return nil }
                if fed == nil { fed = passed }
            default:
                return nil
            }
        }
        return fed
    }

    /// Whether a type annotation names expo-notifications' permission response type.
    private func typeNamesPermissionResponse(_ annotation: Node) -> Bool {
        var found = false
        var work = [annotation]
        while let node = work.popLast(), !found {
            switch node.nodeKind {
            case .typeIdentifier:
                if node.textEquals("NotificationPermissionsStatus"),
                   let index = resolve(name: node.text, at: node),
                   case .expoExport = value(ofBinding: index) {
                    found = true
                }
            case .nestedTypeIdentifier:
                if let module = node.child(byField: .module), let name = node.child(byField: .name),
                   name.textEquals("NotificationPermissionsStatus"), module.is(.identifier),
                   let index = resolve(name: module.text, at: module), value(ofBinding: index) == .expoModule {
                    found = true
                }
            default:
                work.append(contentsOf: node.namedChildren)
            }
        }
        return found
    }

    /// The value reached from `base` by a destructuring path.
    func follow(_ base: SymbolicValue, through path: [PathStep], initializer: Node?) -> SymbolicValue {
        var current = base
        for step in path {
            switch step {
            case let .property(name):
                current = member(current, name)
            case let .index(position):
                current = element(current, position)
            case .rest:
                return .unknown
            }
            if current.isUnknown { return .unknown }
        }
        return current
    }

    /// The value of `base.name`.
    func member(_ base: SymbolicValue, _ name: String) -> SymbolicValue {
        switch base {
        case .expoModule:
            return .expoExport(name)
        case let .expoExport(enumName) where trackedEnums.contains(enumName):
            return .expoEnumMember(enumName: enumName, member: name)
        case let .permissionResponse(origin):
            switch name {
            case "status": return .rootStatus(origin: origin)
            case "granted": return .granted(origin: origin)
            case "canAskAgain": return .canAskAgain(origin: origin)
            case "ios": return .iosSettings(origin: origin)
            default: return .unknown
            }
        case let .iosSettings(origin):
            return name == "status" ? .iosStatus(origin: origin) : .unknown
        case let .permissionQuery(origin):
            return name == "data" ? .permissionResponse(origin: origin) : .unknown
        case let .libraryValue(library, kind):
            switch kind {
            case .module, .instance:
                if name == "AuthorizationStatus" { return .libraryValue(library, .export("AuthorizationStatus")) }
                return .libraryValue(library, .method(name))
            case .export("AuthorizationStatus"):
                return .authorizationEnumMember(library, member: name)
            case .export("firebase"):
                return name == "messaging" ? .libraryValue(.firebaseMessaging, .module) : .unknown
            default:
                return .unknown
            }
        case let .notifeeSettings(origin):
            return name == "authorizationStatus" ? .authorizationStatus(.notifee, origin: origin) : .unknown
        case let .external(exported):
            if case let .object(members) = exported, let member = members[name] { return member.symbolic }
            if case let .module(exports) = exported, let member = exports[name] { return member.symbolic }
            return .unknown
        case let .localObject(object):
            let members = Syntax.objectMembers(object)
            if let found = members.last(where: { $0.name == name }) {
                if found.node.is(.methodDefinition) { return .localFunction(found.node) }
                return found.value.map { value(of: $0) } ?? .unknown
            }
            // `{ ...response, checkedAt }`: a name not written here may come from a spread object.
            for spread in members.reversed() where spread.node.is(.spreadElement) {
                guard let inner = spread.value else { continue }
                let found = member(awaited(value(of: inner)), name)
                if !found.isUnknown { return found }
            }
            return .unknown
        case let .queryResult(data):
            return name == "data" ? data : .unknown
        case let .resultObject(members, origin):
            return members[name]?.instantiated(origin: origin) ?? .unknown
        case let .localClass(classNode):
            return classMember(classNode, name)
        case let .storeState(key, origin):
            return storeMember(key, origin: origin, member: name)
        case let .permissionHookTuple(origin):
            // `usePermissions()` also works with object destructuring by index: `{ 0: permission }`.
            if let position = Int(name) { return element(.permissionHookTuple(origin: origin), position) }
            return .unknown
        default:
            return .unknown
        }
    }

    /// The value of `base[position]`.
    func element(_ base: SymbolicValue, _ position: Int) -> SymbolicValue {
        if case let .storeState(key, origin) = base { return storeMember(key, origin: origin, element: position) }
        if case let .promiseAll(array) = base {
            let items = array.namedChildren.filter { $0.nodeKind != .comment }
            return position < items.count ? awaited(value(of: items[position])) : .unknown
        }
        guard case let .permissionHookTuple(origin) = base else { return .unknown }
        switch position {
        case 0: return .permissionResponse(origin: origin)
        case 1, 2: return .permissionFunction(origin: origin)
        default: return .unknown
        }
    }

    /// Whether a value is permission data a decision can be made on (or that leads to one).
    static func isPermissionData(_ value: SymbolicValue) -> Bool {
        switch value {
        case .permissionPromise, .permissionResponse, .rootStatus, .granted, .canAskAgain, .iosSettings, .iosStatus,
             .authorizationStatus, .authorizationPromise, .notifeeSettings:
            return true
        default:
            return false
        }
    }

    /// Whether an object literal holds permission data in a member, in a spread, or one level down.
    func carriesPermissionData(_ object: Node, depth: Int = 0) -> Bool {
        for member in Syntax.objectMembers(object) where member.node.nodeKind != .methodDefinition {
            guard let valueNode = member.value else { continue }
            let memberValue = awaited(value(of: valueNode))
            if SemanticModel.isPermissionData(memberValue) { return true }
            if depth < 2, case let .localObject(inner) = memberValue, inner.id != object.id,
               carriesPermissionData(inner, depth: depth + 1) {
                return true
            }
        }
        return false
    }

    /// What awaiting (or yielding, in a saga) a value gives.
    func awaited(_ value: SymbolicValue) -> SymbolicValue {
        switch value {
        case let .permissionPromise(origin): return .permissionResponse(origin: origin)
        case let .authorizationPromise(.firebaseMessaging, origin): return .authorizationStatus(.firebaseMessaging, origin: origin)
        case let .authorizationPromise(.notifee, origin): return .notifeeSettings(origin: origin)
        default: return value
        }
    }

    private func computeValue(of expression: Node) -> SymbolicValue {
        let node = Syntax.unwrap(expression)
        switch node.nodeKind {
        case .identifier, .shorthandPropertyIdentifier:
            guard let index = resolve(name: node.text, at: node) else { return .unknown }
            // A variable written after its declaration holds, here, what reaches this use.
            if !bindings[index].writes.isEmpty { return flowValue(of: node, binding: index) }
            return value(ofBinding: index)
        case .memberExpression:
            guard let object = node.child(byField: .object), let property = node.child(byField: .property) else {
                return .unknown
            }
            if property.textEquals("OS"), Syntax.unwrap(object).is(.identifier), Syntax.unwrap(object).textEquals("Platform") {
                return .platformOS
            }
            return member(value(of: object), property.text)
        case .subscriptExpression:
            guard let object = node.child(byField: .object), let index = node.child(byField: .index) else {
                return .unknown
            }
            if let position = Syntax.numberValue(index) { return element(value(of: object), position) }
            if let name = Syntax.stringValue(index) { return member(value(of: object), name) }
            return .unknown
        case .callExpression:
            return callValue(node)
        case .awaitExpression, .yieldExpression:
            guard let argument = node.namedChildren.first(where: { $0.nodeKind != .comment }) else { return .unknown }
            return awaited(value(of: argument))
        case .arrowFunction, .functionExpression, .generatorFunction:
            return .localFunction(node)
        case .object:
            return .localObject(node)
        case .class:
            return .localClass(node)
        case .this:
            return thisValue(at: node)
        case .ternaryExpression:
            for field: FieldName in [.consequence, .alternative] {
                if let branch = node.child(byField: field) {
                    let candidate = value(of: branch)
                    if !candidate.isUnknown { return candidate }
                }
            }
            return .unknown
        case .binaryExpression:
            return binaryValue(node)
        case .assignmentExpression, .augmentedAssignmentExpression:
            return assignmentValue(node)
        case .unaryExpression:
            if Syntax.operatorText(node) == "!", let argument = node.child(byField: .argument),
               case let .platformTest(ifTrue, ifFalse) = value(of: argument) {
                return .platformTest(ifTrue: ifFalse, ifFalse: ifTrue)
            }
            return .unknown
        default:
            return .unknown
        }
    }

    private func binaryValue(_ node: Node) -> SymbolicValue {
        guard let left = node.child(byField: .left), let right = node.child(byField: .right),
              let op = Syntax.operatorText(node) else { return .unknown }
        switch op {
        case "||", "??":
            let first = value(of: left)
            return first.isUnknown ? value(of: right) : first
        case "&&":
            let second = value(of: right)
            if case .platformTest = second { return .unknown }
            return second
        case "===", "==", "!==", "!=":
            let platform: String?
            if value(of: left) == .platformOS { platform = Syntax.stringValue(right) }
            else if value(of: right) == .platformOS { platform = Syntax.stringValue(left) }
            else { platform = nil }
            guard let platform = platform.flatMap(PlatformSet.init(os:)) else { return .unknown }
            let equal = op == "===" || op == "=="
            let others = PlatformSet.all.subtracting(platform)
            return equal ? .platformTest(ifTrue: platform, ifFalse: others) : .platformTest(ifTrue: others, ifFalse: platform)
        default:
            return .unknown
        }
    }

    private func callValue(_ call: Node) -> SymbolicValue {
        guard let callee = call.child(byField: .function) else { return .unknown }
        let arguments = call.child(byField: .arguments)?.namedChildren.filter { $0.nodeKind != .comment } ?? []
        if callee.is(.import) || callee.is(.identifier) && callee.textEquals("require") {
            // `require('expo-notifications')`, `await import('expo-notifications')`
            guard let module = arguments.first.flatMap(Syntax.stringValue) else { return .unknown }
            if module == SemanticModel.expoNotificationsModule { return .expoModule }
            if let library = NotificationLibrary(module: module) { return .libraryValue(library, .module) }
            return .unknown
        }
        if let read = storeRead(call, callee: callee, arguments: arguments) { return read }
        let calleeValue = value(of: callee)
        if let result = result(ofCalling: calleeValue, call: call) { return result }
        let calleeNode = Syntax.unwrap(callee)
        var calleeName: String?
        switch calleeNode.nodeKind {
        case .identifier:
            calleeName = calleeNode.text
            // `import { call as typedCall } from 'typed-redux-saga'`: the effect's own name counts.
            if let index = resolve(name: calleeNode.text, at: calleeNode),
               case let .importNamed(module, name) = bindings[index].declaration, module.contains("redux-saga") {
                calleeName = name
            }
        case .memberExpression: calleeName = calleeNode.child(byField: .property)?.text
        default: calleeName = nil
        }
        switch calleeName {
        case "call", "apply", "callPromise", "cps":
            // redux-saga: `yield call(fn, ...args)` runs fn; `yield` then gives its resolved value.
            // `call([context, fn])` and `call([context, 'method'])` name the function second, and so
            // does `apply(context, fn | 'method', args)`.
            var context: Node?
            var function: Node?
            if calleeName == "apply", arguments.count >= 2 {
                context = arguments[0]
                function = arguments[1]
            } else if let first = arguments.first {
                let unwrapped = Syntax.unwrap(first)
                let items = unwrapped.namedChildren.filter { $0.nodeKind != .comment }
                if unwrapped.is(.array), items.count == 2 {
                    context = items[0]
                    function = items[1]
                } else {
                    function = first
                }
            }
            if let function {
                var functionValue = value(of: function)
                if let context, let method = Syntax.stringValue(function) { functionValue = member(value(of: context), method) }
                if let result = result(ofCalling: functionValue, call: call) { return result }
            }
        case "messaging":
            // `app.messaging()` on a Firebase app object the analysis cannot see (a parameter, say),
            // in a file that uses Firebase messaging.
            if calleeNode.is(.memberExpression), importsNotificationLibrary,
               let object = calleeNode.child(byField: .object), value(of: object).isUnknown {
                return .libraryValue(.firebaseMessaging, .instance)
            }
        case "useQuery", "useSuspenseQuery", "fetchQuery", "ensureQueryData", "useQueries":
            // react-query: `{ data }` of a query whose queryFn (or select) gives permission data.
            if let data = queryData(arguments) {
                if case let .permissionResponse(origin) = data { return .permissionQuery(origin: origin) }
                return .queryResult(data: data)
            }
        case "fetchQueryData", "getQueryData":
            break
        case "then", "catch", "finally":
            guard calleeNode.is(.memberExpression), let object = calleeNode.child(byField: .object) else { break }
            let base = value(of: object)
            guard case let .permissionPromise(origin) = base else { break }
            // `.catch(() => null)` and `.finally(log)` keep the response; `.then(cb)` gives what cb
            // returns, which keeps being a response when cb passes it on or requests again.
            if calleeName != "then" { return base }
            if let callback = arguments.first, case let .localFunction(function) = value(of: callback) {
                for returned in returnedExpressions(of: function) {
                    switch awaited(value(of: returned)) {
                    case .permissionResponse, .permissionPromise: return .permissionPromise(origin: origin)
                    default: continue
                    }
                }
            }
            return .unknown
        case "all" where calleeNode.is(.identifier):
            // redux-saga's `yield all([call(...), ...])` gives the list of results.
            if let list = arguments.first.map(Syntax.unwrap), list.is(.array) { return .promiseAll(list) }
        case "all", "allSettled", "race", "any":
            guard calleeNode.is(.memberExpression),
                  calleeNode.child(byField: .object).map({ Syntax.unwrap($0).textEquals("Promise") }) == true,
                  let list = arguments.first.map(Syntax.unwrap), list.is(.array) else { break }
            if calleeName == "all" { return .promiseAll(list) }
            if calleeName == "allSettled" { break }
            for item in list.namedChildren {
                if case let .permissionResponse(origin) = awaited(value(of: item)) { return .permissionPromise(origin: origin) }
            }
        default:
            break
        }
        return .unknown
    }

    /// The result of calling a value: expo's permission functions give promises of responses, local
    /// functions give what they return.
    private func result(ofCalling callee: SymbolicValue, call: Node) -> SymbolicValue? {
        switch callee {
        case let .expoExport(name) where permissionFunctionNames.contains(name):
            return .permissionPromise(origin: call.byteRange)
        case .expoExport("usePermissions"):
            return .permissionHookTuple(origin: call.byteRange)
        case let .permissionFunction(origin):
            return .permissionPromise(origin: origin)
        case .libraryValue(.firebaseMessaging, .module), .libraryValue(.firebaseMessaging, .export("getMessaging")):
            return .libraryValue(.firebaseMessaging, .instance)
        case let .libraryValue(library, .method(name)), let .libraryValue(library, .export(name)):
            switch (library, name) {
            case (.firebaseMessaging, "requestPermission"), (.firebaseMessaging, "hasPermission"),
                 (.notifee, "requestPermission"), (.notifee, "getNotificationSettings"):
                return .authorizationPromise(library, origin: call.byteRange)
            default:
                return nil
            }
        case let .external(.function(returns)):
            return returns.instantiated(origin: call.byteRange)
        case let .localFunction(function):
            for returned in returnedExpressions(of: function) {
                let candidate = value(of: returned)
                switch candidate {
                case .permissionPromise, .permissionResponse, .rootStatus, .granted, .iosStatus,
                     .iosSettings, .canAskAgain, .permissionHookTuple, .permissionQuery, .queryResult, .resultObject, .expoModule:
                    return candidate
                case let .localObject(object) where carriesPermissionData(object):
                    // `return { status, canAsk }`: the caller destructures the status back out.
                    return candidate
                default:
                    continue
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// The options object of a react-query call: a literal, `queryOptions({...})`, or a name bound to
    /// either.
    func queryOptionsObject(_ argument: Node) -> Node? {
        var current = Syntax.unwrap(argument)
        for _ in 0..<4 {
            switch current.nodeKind {
            case .object:
                return current
            case .callExpression:
                guard let callee = current.child(byField: .function).map(Syntax.unwrap),
                      callee.textEquals("queryOptions") || callee.text.hasSuffix(".queryOptions"),
                      let first = current.child(byField: .arguments)?.namedChildren.first(where: { $0.nodeKind != .comment }) else { return nil }
                current = Syntax.unwrap(first)
            case .identifier:
                guard let index = resolve(name: current.text, at: current),
                      case let .variable(initializer?, path) = bindings[index].declaration, path.isEmpty else { return nil }
                current = Syntax.unwrap(initializer)
            default:
                return nil
            }
        }
        return nil
    }

    /// What a react-query query's `data` holds, when it is permission data: what `select` returns if
    /// there is one, otherwise what `queryFn` resolves to (`getPermissionsAsync` itself, or a function
    /// returning its response or a status taken from it).
    func queryData(_ arguments: [Node]) -> SymbolicValue? {
        var queryFunction: Node?
        var selector: Node?
        for argument in arguments {
            if let object = queryOptionsObject(argument) {
                for member in Syntax.objectMembers(object) {
                    switch member.name {
                    case "queryFn", "mutationFn": queryFunction = member.node.is(.methodDefinition) ? member.node : member.value
                    case "select": selector = member.node.is(.methodDefinition) ? member.node : member.value
                    default: break
                    }
                }
            } else if queryFunction == nil {
                // react-query v3's positional form: `useQuery(key, queryFn, options)`.
                let candidate = Syntax.unwrap(argument)
                switch value(of: candidate) {
                case .localFunction: queryFunction = candidate
                case let .expoExport(name) where permissionFunctionNames.contains(name): queryFunction = candidate
                default: break
                }
            }
        }
        guard let queryFunction else { return nil }
        var resolved: SymbolicValue?
        let functionValue = queryFunction.is(.methodDefinition) ? .localFunction(queryFunction) : value(of: queryFunction)
        if case let .expoExport(name) = functionValue, permissionFunctionNames.contains(name) {
            resolved = .permissionResponse(origin: queryFunction.byteRange)
        } else if case let .localFunction(function) = functionValue {
            for returned in returnedExpressions(of: function) {
                let candidate = awaited(value(of: returned))
                if SemanticModel.isPermissionData(candidate) {
                    resolved = awaited(candidate)
                    break
                }
            }
        }
        guard let resolved else { return nil }
        guard let selector else { return resolved }
        let selectorValue = selector.is(.methodDefinition) ? .localFunction(selector) : value(of: selector)
        guard case let .localFunction(function) = selectorValue else { return nil }
        for returned in returnedExpressions(of: function) {
            let candidate = value(of: returned)
            if SemanticModel.isPermissionData(candidate) { return candidate }
        }
        return nil
    }

    /// What the query function resolves to, when it is a status rather than a whole response.
    func queryFunctionResult(_ arguments: [Node]) -> SymbolicValue? {
        for argument in arguments {
            guard let object = queryOptionsObject(argument),
                  let function = Syntax.objectMembers(object).last(where: { $0.name == "queryFn" })?.value,
                  case let .localFunction(node) = value(of: function) else { continue }
            for returned in returnedExpressions(of: node) {
                let candidate = awaited(value(of: returned))
                if SemanticModel.isPermissionData(candidate) { return candidate }
            }
        }
        return nil
    }

    func queryFunctionOrigin(_ arguments: [Node]) -> Range<Int>? {
        var candidates: [Node] = []
        for argument in arguments {
            if let object = queryOptionsObject(argument) {
                for member in Syntax.objectMembers(object) where member.name == "queryFn" || member.name == "mutationFn" {
                    if let value = member.value { candidates.append(value) }
                }
            } else {
                candidates.append(Syntax.unwrap(argument))
            }
        }
        for candidate in candidates {
            let candidateValue = value(of: candidate)
            if case let .expoExport(name) = candidateValue, permissionFunctionNames.contains(name) {
                return candidate.byteRange  // `queryFn: Notifications.getPermissionsAsync`
            }
            guard case let .localFunction(function) = candidateValue else { continue }
            for returned in returnedExpressions(of: function) {
                switch value(of: returned) {
                case let .permissionPromise(origin), let .permissionResponse(origin):
                    return origin
                default:
                    continue
                }
            }
        }
        return nil
    }
}

/// The platforms a piece of code may run on, as far as React Native's `Platform.OS` tells them
/// apart for notification permissions: iOS (where provisional authorization exists), Android and
/// the web (react-native-web, Expo web: no provisional authorization either).
public struct PlatformSet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let ios = PlatformSet(rawValue: 1)
    public static let android = PlatformSet(rawValue: 2)
    public static let web = PlatformSet(rawValue: 4)
    public static let all: PlatformSet = [.ios, .android, .web]

    /// The platform a `Platform.OS` value names; nil for the others (`windows`, `macos`), which
    /// the model does not follow.
    public init?(os: String) {
        switch os {
        case "ios": self = .ios
        case "android": self = .android
        case "web": self = .web
        default: return nil
        }
    }

    /// The platforms a file's platform extension restricts it to (`push.android.ts`,
    /// `Toggle.web.tsx`, `x.native.ts`), all of them for a plain file.
    public init(fileName: String) {
        if fileName.contains(".android.") { self = .android }
        else if fileName.contains(".web.") { self = .web }
        else if fileName.contains(".ios.") { self = .ios }
        else if fileName.contains(".native.") { self = [.ios, .android] }
        else { self = .all }
    }
}
