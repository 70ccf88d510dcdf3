import GrantedSyntax

/// What the notification libraries, react-native, React and redux-saga do on the run's device
/// state (docs/flows.md, "What each library answers" and "What a request does").
extension FlowRun {
    func packageNamespace(_ package: KnownPackage) -> FlowValue {
        if let made = packages[package] { return made }
        let made = makeNamespace(package)
        packages[package] = made
        return made
    }

    private func enumObject(_ pairs: [(String, FlowValue)]) -> FlowValue { .object(ObjectBox(pairs)) }

    static func firebaseAuthorizationStatus() -> FlowValue {
        .object(ObjectBox([
            ("NOT_DETERMINED", .number(-1)), ("DENIED", .number(0)), ("AUTHORIZED", .number(1)), ("PROVISIONAL", .number(2)), ("EPHEMERAL", .number(3)),
        ]))
    }

    private func makeNamespace(_ package: KnownPackage) -> FlowValue {
        switch package {
        case .expoNotifications:
            let box = ObjectBox([
                ("getPermissionsAsync", .api(.expoGetPermissions)),
                ("requestPermissionsAsync", .api(.expoRequestPermissions)),
                ("usePermissions", .api(.expoUsePermissions)),
                ("getExpoPushTokenAsync", .api(.expoPushToken)),
                ("getDevicePushTokenAsync", .api(.expoDevicePushToken)),
                ("scheduleNotificationAsync", .api(.expoSchedule)),
                ("setNotificationChannelAsync", .api(.resolvesNothing)),
                ("setNotificationHandler", .api(.inert)),
                ("PermissionStatus", enumObject([("GRANTED", .string("granted")), ("UNDETERMINED", .string("undetermined")), ("DENIED", .string("denied"))])),
                ("IosAuthorizationStatus", enumObject([
                    ("NOT_DETERMINED", .number(0)), ("DENIED", .number(1)), ("AUTHORIZED", .number(2)), ("PROVISIONAL", .number(3)), ("EPHEMERAL", .number(4)),
                ])),
                ("AndroidImportance", enumObject([
                    ("UNKNOWN", .number(0)), ("UNSPECIFIED", .number(-1000)), ("NONE", .number(1)), ("MIN", .number(1)), ("LOW", .number(2)),
                    ("DEFAULT", .number(3)), ("HIGH", .number(4)), ("MAX", .number(5)),
                ])),
            ], open: true)
            // Its `default` is the namespace itself (`member`), not a property: a box that held
            // itself would never be freed.
            return .object(box)
        case .firebaseMessaging:
            return .object(ObjectBox([
                ("default", .api(.firebaseFactory)),
                ("getMessaging", .api(.firebaseFactory)),
                ("AuthorizationStatus", Self.firebaseAuthorizationStatus()),
                ("hasPermission", .api(.firebaseModularHasPermission)),
                ("requestPermission", .api(.firebaseModularRequestPermission)),
                ("getToken", .api(.firebaseModularGetToken)),
            ], open: true))
        case .notifee:
            let notifee = ObjectBox([
                ("getNotificationSettings", .api(.notifeeGetSettings)),
                ("requestPermission", .api(.notifeeRequestPermission)),
                ("createChannel", .api(.resolvesNothing)),
            ], open: true)
            return .object(ObjectBox([
                ("default", .object(notifee)),
                ("AuthorizationStatus", enumObject([("NOT_DETERMINED", .number(-1)), ("DENIED", .number(0)), ("AUTHORIZED", .number(1)), ("PROVISIONAL", .number(2))])),
            ], open: true))
        case .permissions:
            return .object(ObjectBox([
                ("checkNotifications", .api(.permissionsCheck)),
                ("requestNotifications", .api(.permissionsRequest)),
                ("openSettings", .api(.resolvesNothing)),
                ("RESULTS", enumObject([
                    ("UNAVAILABLE", .string("unavailable")), ("DENIED", .string("denied")), ("BLOCKED", .string("blocked")),
                    ("GRANTED", .string("granted")), ("LIMITED", .string("limited")),
                ])),
            ], open: true))
        case .reactNative:
            return .object(ObjectBox([
                ("Platform", .object(ObjectBox([("OS", .string(state.isIOS ? "ios" : "android")), ("select", .api(.platformSelect))], open: true))),
                ("Alert", .object(ObjectBox([("alert", .api(.alert))], open: true))),
                ("Linking", .object(ObjectBox([("openSettings", .api(.resolvesNothing))], open: true))),
            ], open: true))
        case .react:
            let hooks: [(String, FlowValue)] = [
                ("useEffect", .api(.useEffect)), ("useLayoutEffect", .api(.useEffect)), ("useState", .api(.useState)),
                ("useCallback", .api(.useCallback)), ("useMemo", .api(.useMemo)), ("useRef", .api(.useRef)),
            ]
            let box = ObjectBox(hooks, open: true)
            box.set("default", .object(ObjectBox(hooks, open: true)))
            return .object(box)
        case .reduxSagaEffects, .reduxSaga:
            var pairs: [(String, FlowValue)] = [("call", .api(.sagaCall)), ("apply", .api(.sagaApply)), ("fork", .api(.sagaFork)), ("spawn", .api(.sagaFork)), ("all", .api(.sagaAll))]
            for inert in ["put", "select", "take", "takeEvery", "takeLatest", "delay", "race", "cancel"] { pairs.append((inert, .api(.sagaInert))) }
            return .object(ObjectBox(pairs, open: true))
        case .expoDevice, .asyncStorage, .expoConstants:
            // What these answer does not depend on the permission: a condition on it keeps both
            // branches, named by its code (`Device.isDevice`).
            return .object(ObjectBox([], open: true))
        }
    }

    // MARK: Responses

    func expoResponse() -> FlowValue {
        let status = state.expoStatus
        var pairs: [(String, FlowValue)] = [
            ("status", .string(status)), ("granted", .bool(status == "granted")), ("canAskAgain", .bool(status != "denied")), ("expires", .string("never")),
        ]
        if let ios = state.iosAuthorizationStatus {
            let allows = ios >= 2
            pairs.append(("ios", .object(ObjectBox([
                ("status", .number(Double(ios))), ("allowsAlert", .bool(allows)), ("allowsBadge", .bool(allows)), ("allowsSound", .bool(allows)),
            ]))))
        } else {
            pairs.append(("android", .object(ObjectBox([("importance", .number(3))]))))
        }
        return .object(ObjectBox(pairs))
    }

    func notifeeSettings() -> FlowValue {
        .object(ObjectBox([
            ("authorizationStatus", .number(Double(state.notifeeStatus))),
            (state.isIOS ? "ios" : "android", .object(ObjectBox([], open: true))),
        ]))
    }

    func permissionsResult() -> FlowValue {
        var settings: [(String, FlowValue)] = []
        if state == .iosProvisional { settings.append(("provisional", .bool(true))) }
        return .object(ObjectBox([("status", .string(state.permissionsLibraryStatus)), ("settings", .object(ObjectBox(settings)))]))
    }

    /// A request on the run's state: a dialog, when one shows, splits the path on its answer.
    func request(provisional: Bool, options: String, at callee: Node) {
        record.touched = true
        let dialog = state.requestShowsDialog(provisional: provisional)
        var allowed: Bool?
        if dialog {
            allowed = choose(2) == 0
            record.answers.append(allowed! ? "allow" : "deny")
        }
        if let line = eventLine(callee) {
            record.requests.append(FlowRequest(line: line, dialog: dialog, options: options, provisional: provisional))
        }
        let kind = state.isIOS ? "the full permission dialog" : "the system permission dialog"
        if let allowed {
            step(callee, .request, label: callee.text, outcome: allowed ? "Allow" : "Don't Allow", "\(kind) shows; the answer is \(allowed ? "Allow" : "Don't Allow")")
        } else {
            step(callee, .request, label: callee.text, provisional && state == .iosNotDetermined ? "provisional authorization is granted silently" : "no dialog: the request answers at once")
        }
        state = state.afterRequest(provisional: provisional, allowed: allowed)
    }

    func read(at callee: Node) {
        record.touched = true
        if record.steps.count < 40 {
            let ios = state.iosAuthorizationStatus.map { ", ios.status \($0)" } ?? ""
            step(callee, .read, label: callee.text, "the permission is read: status '\(state.expoStatus)'\(ios)")
        }
    }

    static func optionsText(_ call: Node) -> String {
        guard let arguments = call.child(byField: .arguments) else { return "" }
        let text = compact(arguments.text)
        return text == "()" ? "" : shorten(String(text.dropFirst().dropLast()), to: 120)
    }

    func property(_ value: FlowValue, _ path: [String]) -> FlowValue {
        var current = value
        for name in path {
            guard case let .object(box) = current, let next = box.properties[name] else { return .undefined }
            current = next
        }
        return current
    }

    // MARK: Calls

    func callAPI(_ api: API, _ arguments: [FlowValue], at node: Node, callee: Node) throws -> FlowValue {
        let first = arguments.first ?? .undefined
        switch api {
        case .expoGetPermissions:
            read(at: callee)
            return expoResponse()
        case .expoRequestPermissions:
            let provisional = strictlyEqual(property(first, ["ios", "allowProvisional"]), .bool(true)) ?? false
            request(provisional: provisional, options: Self.optionsText(node), at: callee)
            return expoResponse()
        case .expoUsePermissions:
            read(at: callee)
            return .array(ArrayBox([expoResponse(), .boundAPI(.expoRequestPermissions, first), .api(.expoGetPermissions)]))
        case .expoPushToken, .expoDevicePushToken:
            record.touched = true
            if record.token == nil { record.token = eventLine(callee) }
            step(callee, .token, label: callee.text, "the push token is fetched")
            return .token(data: false)
        case .expoSchedule:
            if let line = eventLine(callee) { record.schedules.append(line) }
            step(callee, .schedule, label: callee.text, "a notification is scheduled")
            return .unknown("scheduleNotificationAsync(…)")
        case .firebaseFactory:
            return .object(ObjectBox([
                ("hasPermission", .api(.firebaseHasPermission)), ("requestPermission", .api(.firebaseRequestPermission)),
                ("getToken", .api(.firebaseGetToken)), ("registerDeviceForRemoteMessages", .api(.resolvesNothing)),
            ], open: true))
        case .firebaseHasPermission, .firebaseModularHasPermission:
            read(at: callee)
            return .number(Double(state.firebaseStatus))
        case .firebaseRequestPermission, .firebaseModularRequestPermission:
            var isInstanceMethod = false
            if case .firebaseRequestPermission = api { isInstanceMethod = true }
            let options = isInstanceMethod ? first : (arguments.count > 1 ? arguments[1] : .undefined)
            let provisional = strictlyEqual(property(options, ["provisional"]), .bool(true)) ?? false
            request(provisional: provisional, options: Self.optionsText(node), at: callee)
            return .number(Double(state.firebaseStatus))
        case .firebaseGetToken, .firebaseModularGetToken:
            record.touched = true
            if record.token == nil { record.token = eventLine(callee) }
            step(callee, .token, label: callee.text, "the push token is fetched")
            return .token(data: true)
        case .notifeeGetSettings:
            read(at: callee)
            return notifeeSettings()
        case .notifeeRequestPermission:
            let provisional = strictlyEqual(property(first, ["provisional"]), .bool(true)) ?? false
            request(provisional: provisional, options: Self.optionsText(node), at: callee)
            return notifeeSettings()
        case .permissionsCheck:
            read(at: callee)
            return permissionsResult()
        case .permissionsRequest:
            var provisional = false
            if case let .array(box) = first { provisional = box.elements.contains { strictlyEqual($0, .string("provisional")) == true } }
            request(provisional: provisional, options: Self.optionsText(node), at: callee)
            return permissionsResult()
        case .alert:
            if let line = eventLine(callee) { record.alerts.append(line) }
            step(callee, .alert, label: callee.text, "an alert is shown")
            return .undefined
        case .platformSelect:
            guard case let .object(box) = first else { return .unknown(Self.compact(node.text)) }
            return box.properties[state.isIOS ? "ios" : "android"] ?? box.properties["native"] ?? box.properties["default"] ?? .undefined
        case .useEffect:
            if case .closure = first { _ = try call(first, [], this: nil, at: node, callee: callee) }
            return .undefined
        case .useState:
            let initial: FlowValue
            if case .closure = first { initial = try call(first, [], this: nil, at: node, callee: callee) } else { initial = first }
            return .array(ArrayBox([initial, .api(.stateSetter)]))
        case .useCallback:
            return first
        case .useMemo:
            return try call(first, [], this: nil, at: node, callee: callee)
        case .useRef:
            return .object(ObjectBox([("current", first)]))
        case .stateSetter, .inert:
            return .undefined
        case .resolvesNothing:
            return .undefined
        case .sagaCall, .sagaFork:
            var function = first
            var this: FlowValue?
            if case let .array(box) = first, box.elements.count == 2 {
                this = box.elements[0]
                function = box.elements[1]
                if case let .string(name) = function { function = try member(box.elements[0], name, optional: false, at: node) }
            }
            return .effect(SagaEffect(function: function, this: this, arguments: Array(arguments.dropFirst()), site: node))
        case .sagaApply:
            var function = arguments.count > 1 ? arguments[1] : .undefined
            if case let .string(name) = function { function = try member(first, name, optional: false, at: node) }
            var list: [FlowValue] = []
            if arguments.count > 2, case let .array(box) = arguments[2] { list = box.elements }
            return .effect(SagaEffect(function: function, this: first, arguments: list, site: node))
        case .sagaInert:
            return .effect(SagaEffect(function: nil, this: nil, arguments: [], site: node))
        case .sagaAll:
            return first
        case .require, .dynamicImport:
            guard case let .string(name) = first else { return .unknown(Self.compact(node.text)) }
            let module = try currentModule(of: node)
            return try loadModule(name, from: module)
        case .promiseAll, .promiseResolve:
            return first
        case .boolean:
            return first.truthiness.map(FlowValue.bool) ?? first
        case let .arrayMethod(name, box):
            switch name {
            case "includes":
                var result: Bool? = false
                for element in box.elements {
                    guard let equal = strictlyEqual(element, first) else { result = nil; continue }
                    if equal { return .bool(true) }
                }
                return result.map(FlowValue.bool) ?? .unknown(Self.compact(node.text))
            case "indexOf":
                for (index, element) in box.elements.enumerated() where strictlyEqual(element, first) == true { return .number(Double(index)) }
                return box.elements.contains { $0.isUnknown } ? .unknown(Self.compact(node.text)) : .number(-1)
            default:
                return .unknown(Self.compact(node.text))
            }
        case let .stringMethod(name, text):
            switch (name, first) {
            case let ("includes", .string(part)): return .bool(text.contains(part))
            case let ("startsWith", .string(part)): return .bool(text.hasPrefix(part))
            case ("toLowerCase", _): return .string(text.lowercased())
            case ("toUpperCase", _): return .string(text.uppercased())
            default: return .unknown(Self.compact(node.text))
            }
        }
    }

    /// The module whose code contains a node (for `require` in a function of another file).
    func currentModule(of node: Node) throws -> ModuleInstance {
        let path = path(of: node)
        guard let module = module(at: path) else { throw FlowSignal.unfollowed("a module that cannot be read") }
        return module
    }
}
