import GrantedSyntax

/// Decisions on the root `granted`: reads of it that decide something.
extension SemanticModel {
    // MARK: - Granted reads

    /// Whether `node` reads a root `granted` value (`res.granted`, or an identifier destructured
    /// from a response) in a place where it decides something: a condition, a logical expression,
    /// a comparison with a boolean, a return, or a store into a variable, a property, a JSX attribute
    /// or a React state setter.
    public func grantedDecisionRead(_ node: Node) -> SymbolicValue? {
        switch node.nodeKind {
        case .memberExpression:
            guard node.child(byField: .property)?.textEquals("granted") == true else { return nil }
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
                if parent.child(byField: .condition)?.id == child.id { return true }
                child = parent
                continue
            case .binaryExpression:
                guard let op = Syntax.operatorText(parent) else { return false }
                if ["&&", "||", "??"].contains(op) { return true }
                if ["===", "!==", "==", "!="].contains(op) {
                    let other = parent.child(byField: .left)?.id == child.id
                        ? parent.child(byField: .right) : parent.child(byField: .left)
                    return other.flatMap(Syntax.booleanValue) != nil
                }
                return false
            case .returnStatement, .variableDeclarator, .jsxExpression, .assignmentExpression:
                if parent.is(.assignmentExpression) { return parent.child(byField: .right)?.id == child.id }
                if parent.is(.variableDeclarator) { return parent.child(byField: .value)?.id == child.id }
                return true
            case .pair:
                guard parent.child(byField: .value)?.id == child.id, let object = parent.parent else { return false }
                return isStoredObject(object)
            case .arrowFunction:
                return parent.child(byField: .body)?.id == child.id
            case .arguments:
                guard let call = parent.parent, call.is(.callExpression),
                      let callee = call.child(byField: .function).map(Syntax.unwrap) else { return false }
                let name = callee.is(.memberExpression) ? callee.child(byField: .property)?.text : callee.text
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

    /// Logging, tracing and analytics calls: what they receive decides nothing. The console, a
    /// logger object (`logger`, `notyLogger`, `log`, `Log`, or a variable made by `Logger.create(…)`,
    /// `createLogger(…)`, `new Logger(…)`: any of its methods), crash reporters (Sentry, Crashlytics,
    /// Bugsnag), analytics SDKs, and functions named for logging: `log`, `debug`, `info`, `warn`,
    /// `error`, `trace`, `print` and their camel-case forms (`logInfo`, `logError`, `debugLog`),
    /// names ending in `Log` (`writeToLog`), `track…`, `…Breadcrumb`, `captureMessage`,
    /// `captureException`, `recordError`.
    func isLoggingCall(_ callee: Node) -> Bool {
        let name: String
        if callee.is(.memberExpression) {
            if let object = callee.child(byField: .object).map(Syntax.unwrap) {
                let receiver = object.is(.callExpression) ? (object.child(byField: .function)?.text ?? "") : object.text
                if Self.isLoggerName(receiver) || isLoggerObject(object) { return true }
            }
            name = callee.child(byField: .property)?.text ?? ""
        } else {
            name = callee.text
        }
        let loggingNames = ["log", "debug", "info", "warn", "error", "trace", "track", "logEvent", "addBreadcrumb", "captureMessage", "captureException", "recordError", "print"]
        if loggingNames.contains(where: { name == $0 || name.hasPrefix($0) && name.dropFirst($0.count).first?.isUppercase == true }) { return true }
        // `writeToLog(…)`, `appendLog(…)`, `leaveBreadcrumb(…)`.
        return name.hasSuffix("Log") || name.hasSuffix("Logs") || name.hasSuffix("Breadcrumb")
    }

    /// A receiver named for logging, crash reporting or analytics (`console`, `logger`, `notyLogger`,
    /// `Log`, `appLog`, `Sentry`, `crashlytics`, `analytics`…); `dialog` or `catalog` is not a log.
    static func isLoggerName(_ receiver: String) -> Bool {
        let lowered = receiver.lowercased()
        if ["console", "logger", "sentry", "analytics", "crashlytics", "bugsnag", "datadog", "amplitude", "mixpanel", "segment"]
            .contains(where: { lowered.hasSuffix($0) }) {
            return true
        }
        // `log`, `Log`, `this.log`, `appLog`: the word `log`, not the end of another word.
        guard lowered.hasSuffix("log") else { return false }
        let word = receiver.dropLast(3)
        guard let before = word.last else { return true }
        return before == "." || receiver.suffix(3).first == "L"
    }

    /// A variable holding what a logger factory makes: `Logger.create('push')`, `createLogger(…)`,
    /// `new Logger(…)`, `logger.extend(…)`.
    private func isLoggerObject(_ object: Node) -> Bool {
        guard object.is(.identifier), let index = resolve(name: object.text, at: object), bindings[index].writes.isEmpty,
              case let .variable(initializer?, path) = bindings[index].declaration, path.isEmpty else { return false }
        let made = Syntax.unwrap(initializer)
        guard let maker = made.child(byField: made.is(.newExpression) ? .constructor : .function), made.is(.newExpression) || made.is(.callExpression) else {
            return false
        }
        return maker.text.lowercased().contains("logger")
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
                guard let call = parent.parent, let callee = call.child(byField: .function).map(Syntax.unwrap) else { return false }
                return !isLoggingCall(callee)
            default:
                return true
            }
        }
        return true
    }
}
