import GrantedSyntax

/// What an expression holds while a flow runs on one device state. The permission responses are
/// plain objects built from the state (so `settings.ios?.status` and `{ status }` work as in
/// JavaScript); what the evaluation cannot know is `unknown`, with the code that made it, and a
/// condition on it keeps both branches.
indirect enum FlowValue {
    case undefined
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case object(ObjectBox)
    case array(ArrayBox)
    case closure(Closure)
    case api(API)
    case classRef(ClassInfo)
    /// A project module's namespace (`import * as push from './push'`, `require('./push')`).
    case namespace(ModuleInstance)
    /// The push token object (`data == false`) or its `.data` string.
    case token(data: Bool)
    case effect(SagaEffect)
    /// A library function with its options given beforehand (`usePermissions(options)`'s request).
    case boundAPI(API, FlowValue)
    case unknown(String)

    var isNullish: Bool {
        switch self {
        case .undefined, .null: return true
        default: return false
        }
    }

    /// JavaScript's truthiness; nil when it depends on what the evaluation cannot know.
    var truthiness: Bool? {
        switch self {
        case .undefined, .null: return false
        case let .bool(value): return value
        case let .number(value): return value != 0 && !value.isNaN
        case let .string(value): return !value.isEmpty
        case .unknown: return nil
        default: return true
        }
    }

    var isUnknown: Bool {
        if case .unknown = self { return true }
        return false
    }
}

final class ObjectBox {
    var properties: [String: FlowValue] = [:]
    var order: [String] = []
    /// The class whose instance this is (its methods are found there).
    let classInfo: ClassInfo?
    /// A library's namespace: a member the evaluation does not model is unknown, not undefined.
    let isOpen: Bool
    /// A namespace whose every function does nothing the flow reads (`console`).
    let isInert: Bool

    init(_ pairs: [(String, FlowValue)] = [], classInfo: ClassInfo? = nil, open: Bool = false, inert: Bool = false) {
        self.classInfo = classInfo
        isOpen = open
        isInert = inert
        for (key, value) in pairs { set(key, value) }
    }

    func set(_ key: String, _ value: FlowValue) {
        if properties[key] == nil { order.append(key) }
        properties[key] = value
    }
}

final class ArrayBox {
    var elements: [FlowValue]
    init(_ elements: [FlowValue]) { self.elements = elements }
}

/// A function value: its node, the scope it closes over and, for a method, its object.
struct Closure {
    let node: Node
    let scope: Scope
    var this: FlowValue?
    let module: ModuleInstance
}

final class ClassInfo {
    let name: String
    let body: Node
    let scope: Scope
    let module: ModuleInstance

    init(name: String, body: Node, scope: Scope, module: ModuleInstance) {
        self.name = name
        self.body = body
        self.scope = scope
        self.module = module
    }
}

/// A redux-saga effect: what `call(fn, …args)` describes before the middleware runs it.
struct SagaEffect {
    let function: FlowValue?
    let this: FlowValue?
    let arguments: [FlowValue]
    /// The `call(…)` that made it: where its events show.
    let site: Node
}

/// The notification libraries' functions and the few platform functions a flow's outcome depends on.
enum API {
    // expo-notifications
    case expoGetPermissions, expoRequestPermissions, expoUsePermissions
    case expoPushToken, expoDevicePushToken, expoSchedule
    // @react-native-firebase/messaging: the default export `messaging()`, its instance's methods,
    // and the modular API (whose first argument is the instance).
    case firebaseFactory, firebaseHasPermission, firebaseRequestPermission, firebaseGetToken
    case firebaseModularHasPermission, firebaseModularRequestPermission, firebaseModularGetToken
    // @notifee/react-native
    case notifeeGetSettings, notifeeRequestPermission
    // react-native-permissions
    case permissionsCheck, permissionsRequest
    // react-native and the web globals
    case alert, platformSelect
    // React hooks
    case useEffect, useState, useCallback, useMemo, useRef, stateSetter
    // redux-saga
    case sagaCall, sagaApply, sagaInert, sagaFork, sagaAll
    // module loading and promises
    case require, dynamicImport, promiseAll, promiseResolve, boolean
    case arrayMethod(String, ArrayBox)
    case stringMethod(String, String)
    /// A function whose result does not matter to the flow (a log, a no-op of a stand-in).
    case inert
    /// A function of a notification library that answers nothing the flow reads (a channel, a
    /// handler): it resolves to undefined.
    case resolvesNothing

    /// Calls that read, request or fetch: they make a function a flow.
    var touchesPermission: Bool {
        switch self {
        case .expoGetPermissions, .expoRequestPermissions, .expoUsePermissions, .expoPushToken,
             .expoDevicePushToken, .firebaseHasPermission, .firebaseRequestPermission, .firebaseGetToken, .firebaseModularHasPermission,
             .firebaseModularRequestPermission, .firebaseModularGetToken, .notifeeGetSettings, .notifeeRequestPermission,
             .permissionsCheck, .permissionsRequest:
            return true
        default: return false
        }
    }
}
