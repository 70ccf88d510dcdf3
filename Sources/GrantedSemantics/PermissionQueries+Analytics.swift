import GrantedSyntax

/// Product analytics: calls that file a user or an event under a permission value.
extension SemanticModel {
    /// Whether `call` sends product analytics: Firebase Analytics (`logEvent`, `setUserProperty`,
    /// `setUserProperties`, modular too), Segment, Amplitude, Mixpanel and PostHog (`track`,
    /// `identify`, `capture`, `registerSuperProperties`, Amplitude's `Identify().set`, Mixpanel's
    /// `getPeople().set`), and the app's own `track…`, `log…Event`, `capture…` and `identify…`
    /// functions. Crash reporting (Sentry, Crashlytics, Bugsnag) and console logging are not
    /// product analytics.
    public func isProductAnalyticsCall(_ call: Node) -> Bool {
        guard call.is(.callExpression), let callee = call.child(byField: .function).map(Syntax.unwrap) else { return false }
        if callee.is(.identifier) { return Self.isAnalyticsFunctionName(callee.text) }
        guard callee.is(.memberExpression), let property = callee.child(byField: .property),
              let object = callee.child(byField: .object).map(Syntax.unwrap) else { return false }
        // The method's name first (cheap): most calls are not analytics.
        let name = property.text
        let isSet = name == "set"
        guard isSet || Self.isAnalyticsFunctionName(name) else { return false }
        let receiver = (object.is(.callExpression) ? object.child(byField: .function).map(Syntax.unwrap) ?? object : object)
        let receiverName = (receiver.is(.memberExpression) ? receiver.child(byField: .property)?.text : receiver.text)?.lowercased() ?? ""
        if ["sentry", "crashlytics", "bugsnag", "console", "logger", "log"].contains(where: { receiverName.hasSuffix($0) }) { return false }
        // `new Identify().set(…)` (Amplitude), `mixpanel.getPeople().set(…)`, an `Identify` kept in a variable.
        if isSet { return receiverName == "getpeople" || receiverName == "people" || isIdentifyObject(object) }
        return true
    }

    static func isAnalyticsFunctionName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first == UInt8(ascii: "t") || first == UInt8(ascii: "c") || first == UInt8(ascii: "i")
            || first == UInt8(ascii: "l") || first == UInt8(ascii: "s") || first == UInt8(ascii: "r") else { return false }
        let exact: Set<String> = ["track", "identify", "capture", "logEvent", "setUserProperty", "setUserProperties", "registerSuperProperties"]
        if exact.contains(name) { return true }
        // Crash reporters' `captureException`, `captureMessage`, `logError` are not analytics.
        if ["Exception", "Error", "Message", "Breadcrumb"].contains(where: { name.contains($0) }) { return false }
        func prefixed(_ prefix: String) -> Bool {
            name.hasPrefix(prefix) && name.dropFirst(prefix.count).first?.isUppercase == true
        }
        return prefixed("track") || prefixed("capture") || prefixed("identify") || name.hasPrefix("log") && name.hasSuffix("Event") && name.count > 8
    }

    /// Amplitude's `new Identify()`, directly, through `.set(…)` chains, or in a local variable.
    private func isIdentifyObject(_ node: Node) -> Bool {
        var current = Syntax.unwrap(node)
        for _ in 0..<16 {
            switch current.nodeKind {
            case .newExpression:
                return current.child(byField: .constructor).map { $0.text.hasSuffix("Identify") } == true
            case .callExpression:
                guard let callee = current.child(byField: .function).map(Syntax.unwrap), callee.is(.memberExpression),
                      let object = callee.child(byField: .object) else { return false }
                current = Syntax.unwrap(object)
            case .identifier:
                guard let index = resolve(name: current.text, at: current),
                      case let .variable(initializer?, path) = bindings[index].declaration, path.isEmpty else { return false }
                current = Syntax.unwrap(initializer)
            default:
                return false
            }
        }
        return false
    }

    /// The values an analytics call sends that cannot tell a provisionally authorized device from
    /// an undecided or declined one: a root status or `granted` (also in `String(granted)`, an
    /// object, a template, a ternary's test), a comparison of the root status, a Firebase or Notifee
    /// status compared with AUTHORIZED alone. Empty when the call also sends an iOS status or a
    /// provisional-aware value (the cohorts can be told apart).
    public func blindAnalyticsValues(_ call: Node) -> [(node: Node, value: SymbolicValue)] {
        let chain = outermostChain(of: call)
        guard let arguments = call.child(byField: .arguments) else { return [] }
        if carriesProvisionalInformation(chain) { return [] }
        var found: [(Node, SymbolicValue)] = []
        var work = Array(arguments.namedChildren.reversed())
        while let node = work.popLast() {
            if Syntax.functionKinds.contains(node.nodeKind) || node.is(.comment) { continue }
            if node.is(.binaryExpression) {
                if let comparison = rootStatusComparison(node) { found.append((node, comparison.statusValue)); continue }
                if let (_, status) = blindAuthorizationComparison(node) { found.append((node, status)); continue }
            }
            if node.is(.identifier) || node.is(.memberExpression) || node.is(.shorthandPropertyIdentifier) || node.is(.awaitExpression) {
                let read = value(of: node)
                if read.isRootStatus || read.isGranted {
                    found.append((node, read))
                    continue
                }
                if node.is(.memberExpression) { continue }
            }
            // A nested analytics call reports its own values.
            if node.is(.callExpression), isProductAnalyticsCall(node) { continue }
            work.append(contentsOf: node.namedChildren.reversed())
        }
        return found
    }

    /// The whole expression a call belongs to when it is part of a method chain
    /// (`new Identify().set(a).set(b)`).
    private func outermostChain(of call: Node) -> Node {
        var current = call
        while let member = current.parent, member.is(.memberExpression), member.child(byField: .object)?.id == current.id,
              let outer = member.parent, outer.is(.callExpression) {
            current = outer
        }
        return current
    }

    /// Whether an analytics expression sends something that tells provisional devices apart: an
    /// iOS status or settings, a PROVISIONAL / EPHEMERAL test, or a local value computed from one.
    private func carriesProvisionalInformation(_ expression: Node) -> Bool {
        var work = [expression]
        var visited = 0
        while let node = work.popLast(), visited < 2_000 {
            visited += 1
            if Syntax.functionKinds.contains(node.nodeKind) { continue }
            let read = value(of: node)
            if case .iosSettings = read { return true }
            if tellsProvisionalApart(read) { return true }
            if node.is(.identifier) || node.is(.shorthandPropertyIdentifier), let index = resolve(name: node.text, at: node),
               case let .variable(initializer?, _) = bindings[index].declaration, initializer.id != expression.id,
               !Syntax.functionKinds.contains(Syntax.unwrap(initializer).nodeKind), mentionsProvisionalStatus(initializer) {
                return true
            }
            work.append(contentsOf: node.namedChildren)
        }
        return false
    }

    private func mentionsProvisionalStatus(_ expression: Node) -> Bool {
        var work = [expression]
        var visited = 0
        while let node = work.popLast(), visited < 500 {
            visited += 1
            if tellsProvisionalApart(value(of: node)) { return true }
            work.append(contentsOf: node.namedChildren)
        }
        return false
    }

    /// The iOS status, or a PROVISIONAL / EPHEMERAL constant: what a value computed from tells
    /// provisional devices apart.
    private func tellsProvisionalApart(_ value: SymbolicValue) -> Bool {
        switch value {
        case .iosStatus: return true
        case let .expoEnumMember("IosAuthorizationStatus", member), let .authorizationEnumMember(_, member):
            return member == "PROVISIONAL" || member == "EPHEMERAL"
        default: return false
        }
    }

    /// Whether an analytics call sends any permission value (a status, `granted`, the iOS status).
    public func analyticsSendsPermissionValue(_ call: Node) -> Bool {
        guard let arguments = call.child(byField: .arguments) else { return false }
        var work = [outermostChain(of: call), arguments]
        var visited = 0
        while let node = work.popLast(), visited < 2_000 {
            visited += 1
            if Syntax.functionKinds.contains(node.nodeKind) { continue }
            switch value(of: node) {
            case .rootStatus, .granted, .iosStatus, .authorizationStatus: return true
            default: work.append(contentsOf: node.namedChildren)
            }
        }
        return false
    }
}
