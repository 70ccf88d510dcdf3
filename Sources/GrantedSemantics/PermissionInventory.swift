import GrantedSyntax

/// One place where code reads, requests or decides on notification permission.
public struct InventorySite: Equatable {
    public enum Kind: String, Sendable {
        case read
        case request
        case decision
        /// A product-analytics call that sends a permission value (`provisional-blind-analytics`).
        case analytics
    }

    /// How a decision treats provisionally authorized devices.
    public enum Handling: String, Sendable {
        case provisionalAware = "provisional-aware"
        case blind
        case androidOnly = "android-only"
        /// Code that runs only in a browser (react-native-web, Expo web).
        case webOnly = "web-only"
    }

    /// What a request asks iOS for, from its options (`ios.allowProvisional`, `provisional`).
    public enum RequestedAuthorization: String, Sendable {
        /// `true`: the quiet, provisional request.
        case provisional
        /// `false`, or not set: the full, interruptive dialog.
        case full
        /// An expression (`mode === 'provisional'`), or options that cannot be seen.
        case unknown
    }

    public let range: Range<Int>
    public let library: String
    public let kind: Kind
    /// For decisions; nil for reads and requests.
    public let handling: Handling?
    /// What the site is: the API called, or the decision's expression.
    public let detail: String
    /// For requests: what they ask for; nil for reads and decisions.
    public var requested: RequestedAuthorization? = nil
    /// For requests: whether a test of the permission state comes first in their flow
    /// (`SemanticModel.isGuardedByPermissionTest`); nil for reads and decisions.
    public var guarded: Bool? = nil
    /// For blind decisions: whether the decision drops only provisionally authorized devices (so it
    /// is live or latent by the project's provisional requests). False for the Firebase
    /// truthiness test, wrong whatever the project requests.
    public var dependsOnProvisional = true
}

/// The permission map of a file: `granted-lint inventory` lists it for a whole project.
public enum PermissionInventory {
    public static func sites(in model: SemanticModel) -> [InventorySite] {
        guard model.mayHavePermissionCode else { return [] }
        var sites: [InventorySite] = []
        func decision(_ node: Node, library: String, aware: Bool) {
            let handling: InventorySite.Handling
            let platforms = model.platforms(of: node)
            if platforms == .web {
                handling = .webOnly
            } else if !platforms.contains(.ios) {
                handling = .androidOnly
            } else if aware || model.isProvisionalAware(node) {
                handling = .provisionalAware
            } else {
                handling = .blind
            }
            sites.append(InventorySite(range: node.byteRange, library: library, kind: .decision, handling: handling, detail: Syntax.normalisedText(node)))
        }
        model.tree.walk { node in
            switch node.nodeKind {
            case .callExpression:
                if let site = apiCall(node, model) { sites.append(site) }
                if model.isProductAnalyticsCall(node), let handling = analyticsHandling(node, model) {
                    sites.append(InventorySite(range: node.byteRange, library: SemanticModel.expoNotificationsModule, kind: .analytics,
                                               handling: handling, detail: Syntax.normalisedText(node.child(byField: .function) ?? node)))
                }
                if model.rootStatusComparison(node) != nil { decision(node, library: SemanticModel.expoNotificationsModule, aware: false) }
                else if model.countsAsProvisionalHandling(node) { decision(node, library: library(of: node, model), aware: true) }
            case .binaryExpression, .switchCase:
                if model.rootStatusComparison(node) != nil {
                    decision(node.is(.switchCase) ? (node.child(byField: .value) ?? node) : node, library: SemanticModel.expoNotificationsModule, aware: false)
                } else if let (library, _) = model.blindAuthorizationComparison(node) {
                    decision(node, library: library.rawValue, aware: false)
                } else if model.countsAsProvisionalHandling(node) {
                    decision(node, library: library(of: node, model), aware: true)
                }
            case .memberExpression, .identifier, .shorthandPropertyIdentifier:
                if model.grantedDecisionRead(node) != nil {
                    decision(node, library: SemanticModel.expoNotificationsModule, aware: false)
                } else if node.nodeKind != .shorthandPropertyIdentifier, model.firebaseTruthinessTest(node) != nil {
                    decision(node, library: NotificationLibrary.firebaseMessaging.rawValue, aware: false)
                    sites[sites.count - 1].dependsOnProvisional = false
                }
            default:
                break
            }
            return true
        }
        return sites
    }

    /// How an analytics call treats provisional devices, when it sends a permission value at all:
    /// blind when it sends a root status or `granted` alone, provisional-aware when it also sends
    /// the iOS status or a provisional-aware value.
    private static func analyticsHandling(_ call: Node, _ model: SemanticModel) -> InventorySite.Handling? {
        let platforms = model.platforms(of: call)
        if !model.blindAnalyticsValues(call).isEmpty {
            return !platforms.contains(.ios) ? (platforms == .web ? .webOnly : .androidOnly) : .blind
        }
        return model.analyticsSendsPermissionValue(call) ? .provisionalAware : nil
    }

    private static func library(of node: Node, _ model: SemanticModel) -> String {
        var work = [node]
        while let current = work.popLast() {
            switch model.value(of: current) {
            case let .authorizationStatus(library, _), let .authorizationEnumMember(library, _):
                return library.rawValue
            default:
                work.append(contentsOf: current.namedChildren)
            }
        }
        return SemanticModel.expoNotificationsModule
    }

    private static func apiCall(_ call: Node, _ model: SemanticModel) -> InventorySite? {
        guard let callee = call.child(byField: .function) else { return nil }
        let calleeValue = model.value(of: callee)
        let name: String
        let library: String
        let kind: InventorySite.Kind
        switch calleeValue {
        case .expoExport("getPermissionsAsync"), .expoExport("usePermissions"):
            (name, library, kind) = (calleeValue.expoExportName ?? "", SemanticModel.expoNotificationsModule, .read)
        case .expoExport("requestPermissionsAsync"):
            let options = model.permissionRequest(call)?.options
            return request(call, "requestPermissionsAsync", SemanticModel.expoNotificationsModule, model.provisionalOption(ofExpoOptions: options), model)
        case let .libraryValue(lib, .method(method)), let .libraryValue(lib, .export(method)):
            switch method {
            case "requestPermission":
                // Modular Firebase takes the messaging instance first: `requestPermission(getMessaging(), options)`.
                let arguments = call.child(byField: .arguments)?.namedChildren.filter { $0.nodeKind != .comment } ?? []
                let position = lib == .firebaseMessaging && calleeValue == .libraryValue(lib, .export(method)) ? 1 : 0
                let options = position < arguments.count ? arguments[position] : nil
                return request(call, method, lib.rawValue, model.provisionalOption(ofLibraryOptions: options), model)
            case "hasPermission", "getNotificationSettings": kind = .read
            default: return nil
            }
            (name, library) = (method, lib.rawValue)
        case .permissionFunction:
            // The hook's get function (`[, , getPermission]`) reads; its request function asks with
            // the options given to the hook.
            if model.hookTuplePosition(of: callee) == 2 {
                (name, library, kind) = (Syntax.normalisedText(callee), SemanticModel.expoNotificationsModule, .read)
            } else {
                let option = model.hookRequest(call).map { model.provisionalOption(ofExpoOptions: $0.options) } ?? .unknown
                return request(call, Syntax.normalisedText(callee), SemanticModel.expoNotificationsModule, option, model)
            }
        case .external(.function(returns: .expoModule)):
            // A loader of expo-notifications: the module, not a read.
            return nil
        case let .external(.function(returns)):
            (name, kind) = (Syntax.normalisedText(callee), .read)
            if case let .authorizationStatus(lib) = returns { library = lib.rawValue } else { library = SemanticModel.expoNotificationsModule }
        default:
            // redux-saga `call(requestPermissionsAsync)`
            if let request = model.permissionRequest(call) {
                return Self.request(request.call, "requestPermissionsAsync", SemanticModel.expoNotificationsModule, model.provisionalOption(ofExpoOptions: request.options), model)
            }
            return nil
        }
        return InventorySite(range: call.byteRange, library: library, kind: kind, handling: nil, detail: name)
    }

    private static func request(
        _ call: Node, _ name: String, _ library: String, _ option: ProvisionalOption, _ model: SemanticModel
    ) -> InventorySite {
        let requested: InventorySite.RequestedAuthorization
        switch option {
        case .always: requested = .provisional
        case .never: requested = .full
        case .sometimes, .unknown: requested = .unknown
        }
        return InventorySite(
            range: call.byteRange, library: library, kind: .request, handling: nil, detail: name,
            requested: requested, guarded: model.isGuardedByPermissionTest(call)
        )
    }
}
