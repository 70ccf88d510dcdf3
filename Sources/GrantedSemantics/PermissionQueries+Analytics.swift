import GrantedSyntax

/// Product analytics: calls that file a user or an event under a permission value.
extension SemanticModel {
    /// Whether `call` sends product analytics: Firebase Analytics (`logEvent`, `setUserProperty`,
    /// `setUserProperties`, modular too), Segment, Amplitude, Mixpanel and PostHog (`track`,
    /// `identify`, `capture`, `registerSuperProperties`, Amplitude's `Identify().set`, Mixpanel's
    /// `getPeople().set`), the app's own `track…`, `log…Event`, `capture…` and `identify…`
    /// functions and methods (a logger's `trackEvent` too), `metric` / `event` of an analytics
    /// object (`const ax = useAnalytics()`), and any of them run by a redux-saga effect
    /// (`yield call(trackEvent, …)`). Crash reporting (Sentry, Crashlytics, Bugsnag), console
    /// logging and a logger's other methods are not product analytics.
    public func isProductAnalyticsCall(_ call: Node) -> Bool {
        guard call.is(.callExpression), let callee = call.child(byField: .function).map(Syntax.unwrap) else { return false }
        if callee.is(.identifier) { return Self.isAnalyticsFunctionName(callee.text) || sagaEffectRunsAnalytics(call, effect: callee) }
        guard callee.is(.memberExpression), let property = callee.child(byField: .property),
              let object = callee.child(byField: .object).map(Syntax.unwrap) else { return false }
        return isAnalyticsMethod(property.text, of: object)
    }

    /// Whether `object.name(…)` sends product analytics.
    private func isAnalyticsMethod(_ name: String, of object: Node) -> Bool {
        // The method's name first (cheap): most calls are not analytics.
        let isSet = name == "set"
        let isMetric = name == "metric" || name == "event"
        guard isSet || isMetric || Self.isAnalyticsFunctionName(name) else { return false }
        let receiver = (object.is(.callExpression) ? object.child(byField: .function).map(Syntax.unwrap) ?? object : object)
        let receiverName = (receiver.is(.memberExpression) ? receiver.child(byField: .property)?.text : receiver.text)?.lowercased() ?? ""
        if ["sentry", "crashlytics", "bugsnag", "console"].contains(where: { receiverName.hasSuffix($0) }) { return false }
        // A logger's analytics methods (`logger.trackEvent`, `log.identifyUser`) send analytics; its
        // other methods (`logger.info`, `logger.set`) log.
        if ["logger", "log"].contains(where: { receiverName.hasSuffix($0) }) {
            return !isSet && !isMetric && Self.isAnalyticsFunctionName(name)
        }
        // `new Identify().set(…)` (Amplitude), `mixpanel.getPeople().set(…)`, an `Identify` kept in a variable.
        if isSet { return receiverName == "getpeople" || receiverName == "people" || isIdentifyObject(object) }
        if isMetric { return isAnalyticsObject(object) }
        return true
    }

    /// An object named for analytics or metrics (`analytics`, `appMetrics`), or a variable holding
    /// what an analytics hook or factory returns (`const ax = useAnalytics()`).
    private func isAnalyticsObject(_ object: Node) -> Bool {
        func namesAnalytics(_ text: String) -> Bool {
            let lowered = text.lowercased()
            return lowered.contains("analytics") || lowered.contains("metrics")
        }
        let receiver = object.is(.callExpression) ? object.child(byField: .function).map(Syntax.unwrap) ?? object : object
        let name = receiver.is(.memberExpression) ? receiver.child(byField: .property)?.text ?? "" : receiver.text
        if namesAnalytics(name) { return true }
        guard receiver.is(.identifier), let index = resolve(name: receiver.text, at: receiver), bindings[index].writes.isEmpty,
              case let .variable(initializer?, path) = bindings[index].declaration, path.isEmpty else { return false }
        var made = Syntax.unwrap(initializer)
        if made.is(.awaitExpression), let argument = made.namedChildren.last(where: { $0.nodeKind != .comment }) { made = Syntax.unwrap(argument) }
        guard made.is(.callExpression) || made.is(.newExpression),
              let maker = made.child(byField: made.is(.callExpression) ? .function : .constructor) else { return false }
        return namesAnalytics(maker.text)
    }

    /// redux-saga's `call(trackEvent, …)`, `call([analytics, analytics.track], …)`,
    /// `call([analytics, 'track'], …)`, `apply(analytics, analytics.track, […])`, `fork(…)` and
    /// `spawn(…)` (under any import alias): an effect that runs an analytics function.
    private func sagaEffectRunsAnalytics(_ call: Node, effect: Node) -> Bool {
        let name = importedSagaEffect(effect) ?? effect.text
        guard ["call", "apply", "fork", "spawn", "callPromise"].contains(name),
              let arguments = call.child(byField: .arguments)?.namedChildren.filter({ $0.nodeKind != .comment }),
              let first = arguments.first.map(Syntax.unwrap) else { return false }
        var context: Node?
        var function = first
        if name == "apply", arguments.count >= 2 {
            context = first
            function = Syntax.unwrap(arguments[1])
        } else if first.is(.array) {
            let items = first.namedChildren.filter { $0.nodeKind != .comment }
            guard items.count == 2 else { return false }
            context = Syntax.unwrap(items[0])
            function = Syntax.unwrap(items[1])
        }
        if let context, let method = Syntax.stringValue(function) { return isAnalyticsMethod(method, of: context) }
        if function.is(.identifier) { return Self.isAnalyticsFunctionName(function.text) }
        guard function.is(.memberExpression), let property = function.child(byField: .property),
              let object = function.child(byField: .object).map(Syntax.unwrap) else { return false }
        return isAnalyticsMethod(property.text, of: object)
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
    /// status compared with AUTHORIZED alone, and a value made from one of those tests elsewhere (a
    /// variable, a helper's or hook's result, a React state: `derived` says where it was made). Empty
    /// when the call also sends an iOS status or a provisional-aware value (the cohorts can be told
    /// apart).
    public func blindAnalyticsValues(_ call: Node) -> [(node: Node, value: SymbolicValue, derived: BlindDerivation?)] {
        let chain = outermostChain(of: call)
        guard let arguments = call.child(byField: .arguments) else { return [] }
        if carriesProvisionalInformation(chain) { return [] }
        var found: [(Node, SymbolicValue, BlindDerivation?)] = []
        var work = Array(arguments.namedChildren.reversed())
        while let node = work.popLast() {
            if Syntax.functionKinds.contains(node.nodeKind) || node.is(.comment) { continue }
            if node.is(.binaryExpression) {
                if let comparison = rootStatusComparison(node) { found.append((node, comparison.statusValue, nil)); continue }
                if let (_, status) = blindAuthorizationComparison(node) { found.append((node, status, nil)); continue }
            }
            // What a provisional-aware local helper returns (`await canDeliver()`) tells the cohorts apart.
            if let function = calledFunction(of: node), isProvisionalAware(function.child(byField: .body) ?? function) { continue }
            if node.is(.identifier) || node.is(.memberExpression) || node.is(.shorthandPropertyIdentifier) || node.is(.awaitExpression) {
                let read = value(of: node)
                if read.isRootStatus || read.isGranted {
                    found.append((node, read, nil))
                    continue
                }
                if let derived = blindDerivation(of: node) {
                    found.append((node, derived.value, derived))
                    continue
                }
                if node.is(.memberExpression) { continue }
            }
            // A nested analytics call reports its own values.
            if node.is(.callExpression), isProductAnalyticsCall(node) { continue }
            // What a local helper returns (`await isPushEnabled()` is found at the `await`).
            if node.is(.callExpression) || node.is(.yieldExpression), calledFunction(of: node) != nil,
               let derived = blindDerivation(of: node) {
                found.append((node, derived.value, derived))
                continue
            }
            work.append(contentsOf: node.namedChildren.reversed())
        }
        return found
    }

    /// The local function a call runs, awaited or not (a saga's `yield call(fn)` too).
    private func calledFunction(of node: Node) -> Node? {
        var call = Syntax.unwrap(node)
        while call.is(.awaitExpression) || call.is(.yieldExpression) {
            guard let argument = call.namedChildren.last(where: { $0.nodeKind != .comment }) else { return nil }
            call = Syntax.unwrap(argument)
        }
        return call.is(.callExpression) ? calledLocalFunction(call) : nil
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
