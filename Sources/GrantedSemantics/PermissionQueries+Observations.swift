import GrantedSyntax

/// Decisions that decide nothing: a test whose every branch only logs or reports an analytics event.
extension SemanticModel {
    /// Whether the decision at `site` (a comparison or a `granted` read) only observes the state:
    /// it is the test of an `if` whose branches only log or report an analytics event
    /// (`if (status === 'granted') console.log('enabled') else console.log('not enabled')`, the
    /// app's own loggers too: `writeToLog(…)`, `logger.warn(…)`, a local function that only logs),
    /// or it sits in the arguments of such a call (`console.info(`… ${granted ? 'on' : 'off'}`)`).
    /// A branch that does anything else — returns, requests, stores, navigates, shows an alert —
    /// makes it a decision.
    ///
    /// A test kept in a variable (`const isGranted = status === 'granted'`) or returned by a local
    /// helper is one when the value only goes to loggers and analytics calls: those report it where
    /// it is sent (`provisional-blind-analytics`), so one flaw is one finding.
    ///
    /// A test whose branches only yield a label to show is one too — `{granted ? 'On' : 'Off'}` in
    /// JSX, `message: granted ? 'On' : settingsMessage(platform)`, an alert's text,
    /// `const word = status === 'granted' ? 'enabled' : 'disabled'`, a local function that maps the
    /// status to a word — unless the label is compared later (`notificationState() === 'enabled'`
    /// deciding on a token): then the mapping is the decision. A word returned by an exported
    /// function, whose callers cannot all be seen, stays a decision.
    public func isObservationOnlyDecision(_ site: Node) -> Bool {
        if isInsideLoggingArguments(site) { return true }
        if madeValueIsOnlyObserved(site) { return true }
        var condition = site
        while let parent = condition.parent, [.parenthesizedExpression, .unaryExpression].contains(parent.nodeKind) {
            if parent.is(.unaryExpression), Syntax.operatorText(parent) != "!" { return false }
            condition = parent
        }
        guard let holder = condition.parent, holder.child(byField: .condition)?.id == condition.id else { return false }
        if holder.is(.ternaryExpression) {
            guard isLabel(holder.child(byField: .consequence)), isLabel(holder.child(byField: .alternative)) else { return false }
            return labelIsOnlyShown(holder)
        }
        guard holder.is(.ifStatement) else { return false }
        if branchesOnlyObserve(holder) { return true }
        return labelStatementsAreOnlyShown(holder)
    }

    /// Whether a mapping of statuses to words (`switch (status) { case 'granted': return 'on'; … }`)
    /// that `isDisplayOnlyDecision` lets pass hands its words on by `return` to callers of this file
    /// that compare them: then the mapping is the decision, as for a single test
    /// (`isObservationOnlyDecision`). Words kept in a variable or assigned stay labels, and so do
    /// those of an exported function or one passed around that reads the status itself (a debug
    /// screen's labels); a helper fed the status in a parameter (`toSwitchState(settings.status)`)
    /// decides when it is exported, as a mapping returned directly does.
    public func isComparedWordMapping(_ site: Node) -> Bool {
        var switchCase = site
        if !switchCase.is(.switchCase), let parent = site.parent, parent.is(.switchCase) { switchCase = parent }
        guard switchCase.is(.switchCase), let body = switchCase.parent, body.is(.switchBody) else { return false }
        var returns = false
        for member in body.namedChildren where member.is(.switchCase) || member.is(.switchDefault) {
            for statement in member.children(byField: .body) {
                if statement.is(.returnStatement) { returns = true }
                if statement.is(.expressionStatement) { return false }
            }
        }
        guard returns, let function = enclosingFunction(of: body) else { return false }
        var fedStatus = false
        if let discriminant = body.parent?.child(byField: .value).map(Syntax.unwrap), discriminant.is(.identifier),
           let index = resolve(name: discriminant.text, at: discriminant),
           case let .parameter(owner, _, _, _) = bindings[index].declaration, owner.id == function.id {
            fedStatus = true
        }
        return resultIsCompared(function, whenUnseen: fedStatus)
    }

    /// A string literal or a template: text to show.
    private func isLabel(_ node: Node?) -> Bool {
        guard let node else { return false }
        return isLabelExpression(node, substitutions: true)
    }

    /// Text to show: a string literal, a template (without substitutions unless `substitutions`), a
    /// translation (`t('push.on')`, `i18n.t(…)`, `translate(…)`, `formatMessage(…)`, a tagged
    /// template such as ``msg`On` ``), a ternary between two of them, or a call of a local helper
    /// that only returns them (`settingsMessage(platform)`: its body only tests and returns text).
    func isLabelExpression(_ expression: Node, substitutions: Bool, depth: Int = 0) -> Bool {
        guard depth < 6 else { return false }
        let node = Syntax.unwrap(expression)
        switch node.nodeKind {
        case .string:
            return true
        case .templateString:
            return substitutions || !node.namedChildren.contains { $0.is(.templateSubstitution) }
        case .ternaryExpression:
            guard let condition = node.child(byField: .condition), isPlainTest(condition, depth: depth + 1),
                  let consequence = node.child(byField: .consequence), let alternative = node.child(byField: .alternative) else { return false }
            return isLabelExpression(consequence, substitutions: substitutions, depth: depth + 1)
                && isLabelExpression(alternative, substitutions: substitutions, depth: depth + 1)
        case .callExpression:
            guard let callee = node.child(byField: .function).map(Syntax.unwrap) else { return false }
            if node.child(byField: .arguments)?.is(.templateString) == true { return callee.is(.identifier) || callee.is(.memberExpression) }
            let name = callee.is(.memberExpression) ? callee.child(byField: .property)?.text ?? "" : callee.text
            if ["t", "translate", "formatMessage"].contains(name) { return true }
            guard case let .localFunction(function) = value(of: callee) else { return false }
            return onlyReturnsLabels(function, depth: depth + 1)
        default:
            return false
        }
    }

    /// A local function that only yields text: an arrow whose body is a label, or a body made only of
    /// tests (`if`, `switch`), declarations and `return`s of labels — no call, write or request on
    /// the way, so that calling it does nothing but pick a text.
    private func onlyReturnsLabels(_ function: Node, depth: Int) -> Bool {
        guard let body = function.child(byField: .body) else { return false }
        if !body.is(.statementBlock) { return isLabelExpression(body, substitutions: true, depth: depth) }
        var returns = 0
        func labelOnly(_ statement: Node) -> Bool {
            switch statement.nodeKind {
            case .comment, .emptyStatement, .breakStatement:
                return true
            case .returnStatement:
                returns += 1
                guard let returned = statement.namedChildren.first(where: { $0.nodeKind != .comment }) else { return false }
                return isLabelExpression(returned, substitutions: true, depth: depth)
            case .statementBlock, .elseClause, .switchBody, .switchCase, .switchDefault:
                let parts = statement.is(.switchCase) ? statement.children(byField: .body) : statement.namedChildren
                return parts.allSatisfy(labelOnly)
            case .ifStatement:
                guard let consequence = statement.child(byField: .consequence), labelOnly(consequence),
                      let condition = statement.child(byField: .condition), isPlainTest(condition, depth: depth) else { return false }
                return statement.child(byField: .alternative).map(labelOnly) ?? true
            case .switchStatement:
                guard let discriminant = statement.child(byField: .value), isPlainTest(discriminant, depth: depth),
                      let switchBody = statement.child(byField: .body) else { return false }
                return labelOnly(switchBody)
            case .lexicalDeclaration:
                return statement.namedChildren.allSatisfy { declarator in
                    guard declarator.is(.variableDeclarator) else { return declarator.is(.comment) }
                    return declarator.child(byField: .value).map { isPlainTest($0, depth: depth) } ?? true
                }
            default:
                return false
            }
        }
        return labelOnly(body) && returns > 0
    }

    /// An expression that computes without doing anything: no call (but a label's), no write, no
    /// `await`, `yield` or `new`.
    private func isPlainTest(_ expression: Node, depth: Int) -> Bool {
        guard depth < 6 else { return false }
        var work = [expression]
        while let node = work.popLast() {
            switch node.nodeKind {
            case .callExpression:
                if !isLabelExpression(node, substitutions: true, depth: depth + 1) { return false }
                continue
            case .assignmentExpression, .augmentedAssignmentExpression, .updateExpression, .awaitExpression,
                 .yieldExpression, .newExpression:
                return false
            default:
                if Syntax.functionKinds.contains(node.nodeKind) { continue }
                work.append(contentsOf: node.namedChildren)
            }
        }
        return true
    }

    /// Whether the label an expression yields is only shown: in JSX, in a variable that is never
    /// compared, returned by a local function whose results are never compared, kept in a member of
    /// an object that such a function returns or a React state holds (`{ status: word, canAskAgain }`)
    /// whose member nobody compares, or put into a React state that nobody compares.
    private func labelIsOnlyShown(_ expression: Node) -> Bool {
        guard let (parent, _) = Syntax.outerContext(of: expression) else { return false }
        switch parent.nodeKind {
        case .jsxExpression:
            return true
        case .pair:
            // `{ message: granted ? 'On' : settingsMessage(platform) }`: a text by its name; or a
            // member of an object whose member nobody compares (`{ status: word, canAskAgain }`).
            guard parent.child(byField: .value)?.id == Syntax.outerContext(of: expression)?.child.id,
                  let key = parent.child(byField: .key).flatMap(Syntax.propertyName) else { return false }
            if Self.namesText(key) { return true }
            guard let object = parent.parent, object.is(.object) else { return false }
            return !objectMemberIsCompared(object, key)
        case .arguments:
            // A React state set with the word: shown unless the state is compared or handed on.
            guard let call = parent.parent, call.is(.callExpression) else { return false }
            if let state = reactStateVariable(setBy: call) { return !isCompared(variable: state, orPassedOn: true) }
            // `Alert.alert('Push', granted ? 'On' : 'Off')`, `showToast(…)`, `setMessage(…)`: the same
            // alert or toast is shown either way, with another text.
            guard let callee = call.child(byField: .function).map(Syntax.unwrap) else { return false }
            let name = callee.is(.memberExpression) ? callee.child(byField: .property)?.text ?? "" : callee.text
            if name == "alert" || name == "show" { return true }
            if name.hasPrefix("show"), name.dropFirst(4).first?.isUppercase == true { return true }
            return name.hasPrefix("set") && name.dropFirst(3).first?.isUppercase == true && Self.namesText(String(name.dropFirst(3)))
        case .variableDeclarator:
            guard let name = parent.child(byField: .name), name.is(.identifier) else { return false }
            return !isCompared(variable: name)
        case .returnStatement, .arrowFunction:
            if parent.is(.arrowFunction), parent.child(byField: .body)?.id != Syntax.outerContext(of: expression)?.child.id { return false }
            guard let function = parent.is(.arrowFunction) ? parent : enclosingFunction(of: parent) else { return false }
            return !resultIsCompared(function)
        default:
            return false
        }
    }

    /// Whether a property or state name says it holds a text to show: `message`, `title`, `subtitle`,
    /// `text`, `label`, `description`, `caption`, or a camel-case name ending in one (`errorMessage`,
    /// `statusText`; not `context`).
    static func namesText(_ name: String) -> Bool {
        let words = ["message", "title", "subtitle", "text", "label", "description", "caption"]
        if words.contains(name.lowercased()) { return true }
        return words.contains { word in name.hasSuffix(word.prefix(1).uppercased() + word.dropFirst()) }
    }

    /// An `if` whose branches each only assign a label to one variable (`caption = 'On'`) or return
    /// one (`if (granted) return 'On'; return 'Off';`), where that label is only shown.
    private func labelStatementsAreOnlyShown(_ statement: Node) -> Bool {
        var assigned: Node?
        var returns = false
        func labelOnly(_ node: Node) -> Bool {
            switch node.nodeKind {
            case .comment, .emptyStatement: return true
            case .statementBlock:
                let statements = node.namedChildren.filter { $0.nodeKind != .comment }
                return !statements.isEmpty && statements.allSatisfy(labelOnly)
            case .elseClause:
                return node.namedChildren.allSatisfy(labelOnly)
            case .returnStatement:
                returns = true
                return isLabel(node.namedChildren.first { $0.nodeKind != .comment })
            case .expressionStatement:
                guard let expression = node.namedChildren.first(where: { $0.nodeKind != .comment }).map(Syntax.unwrap),
                      expression.is(.assignmentExpression), let target = expression.child(byField: .left), target.is(.identifier),
                      isLabel(expression.child(byField: .right)) else { return false }
                if let assigned, !assigned.textEquals(target.text) { return false }
                assigned = target
                return true
            default:
                return false
            }
        }
        guard let consequence = statement.child(byField: .consequence), labelOnly(consequence) else { return false }
        if let alternative = statement.child(byField: .alternative), !labelOnly(alternative) { return false }
        if returns {
            guard assigned == nil, let function = enclosingFunction(of: statement) else { return false }
            return !resultIsCompared(function)
        }
        return assigned.map { !isCompared(variable: $0) } ?? false
    }

    /// Whether member `key` of an object literal is compared where the object goes: returned by a
    /// local function (at each call, `(await f()).key`, `const r = await f(); r.key`, `const { key }
    /// = await f()`) or put into a React state (`setPermission({ key: word })`). Anywhere else, or
    /// when the object goes where it cannot be followed, it counts as compared.
    private func objectMemberIsCompared(_ object: Node, _ key: String) -> Bool {
        guard let (holder, child) = Syntax.outerContext(of: object) else { return true }
        switch holder.nodeKind {
        case .arguments:
            guard let call = holder.parent, let state = reactStateVariable(setBy: call) else { return true }
            return memberIsCompared(variable: state, key)
        case .returnStatement, .arrowFunction:
            if holder.is(.arrowFunction), holder.child(byField: .body)?.id != child.id { return true }
            guard let function = holder.is(.arrowFunction) ? holder : enclosingFunction(of: holder) else { return true }
            return memberOfResultIsCompared(function, key)
        default:
            return true
        }
    }

    /// The state variable of `const [state, setState] = useState(…)` when `call` calls its setter.
    private func reactStateVariable(setBy call: Node) -> Node? {
        guard call.is(.callExpression), let callee = call.child(byField: .function).map(Syntax.unwrap), callee.is(.identifier),
              let index = resolve(name: callee.text, at: callee),
              case let .variable(initializer?, path) = bindings[index].declaration, path == [.index(1)],
              let hook = Syntax.unwrap(initializer).child(byField: .function), hook.text.hasSuffix("useState"),
              let pattern = bindings[index].nameNode.parent, pattern.is(.arrayPattern),
              let state = pattern.namedChildren.first(where: { $0.nodeKind != .comment }), state.is(.identifier) else { return nil }
        return state
    }

    /// Whether a member `key` of what a local function returns is compared at some call. Unseen
    /// callers (exported, passed around, no name) count as comparing it.
    private func memberOfResultIsCompared(_ function: Node, _ key: String) -> Bool {
        guard let nameNode = helperNameNode(of: function), let binding = resolve(name: nameNode.text, at: nameNode) else { return true }
        var ancestor = function.parent
        while let current = ancestor, current.nodeKind != .program {
            if current.is(.exportStatement) { return true }
            ancestor = current.parent
        }
        var compared = false
        tree.walk { node in
            guard !compared else { return false }
            guard node.is(.identifier) || node.is(.shorthandPropertyIdentifier), node.textEquals(nameNode.text), node.id != nameNode.id,
                  resolve(name: node.text, at: node) == binding else { return true }
            guard node.is(.identifier), let (parent, child) = Syntax.outerContext(of: node), parent.is(.callExpression),
                  parent.child(byField: .function)?.id == child.id else {
                compared = true
                return false
            }
            if resultMemberIsCompared(parent, key) { compared = true }
            return true
        }
        return compared
    }

    /// Whether member `key` of a call's result is compared where the result goes.
    private func resultMemberIsCompared(_ call: Node, _ key: String) -> Bool {
        var result = call
        while let outer = result.parent, outer.is(.awaitExpression) || outer.is(.parenthesizedExpression) { result = outer }
        guard let (holder, child) = Syntax.outerContext(of: result) else { return true }
        switch holder.nodeKind {
        case .memberExpression:
            guard holder.child(byField: .object)?.id == child.id else { return true }
            return holder.child(byField: .property)?.textEquals(key) == true && isDecidedOn(holder)
        case .variableDeclarator:
            guard let name = holder.child(byField: .name) else { return true }
            if name.is(.identifier) { return memberIsCompared(variable: name, key) }
            guard name.is(.objectPattern) else { return true }
            for member in name.namedChildren {
                if member.is(.shorthandPropertyIdentifierPattern), member.textEquals(key) { return isCompared(variable: member, orPassedOn: true) }
                if member.is(.pairPattern), member.child(byField: .key).flatMap(Syntax.propertyName) == key {
                    guard let value = member.child(byField: .value), value.is(.identifier) else { return true }
                    return isCompared(variable: value, orPassedOn: true)
                }
                if member.is(.restPattern) { return true }
            }
            return false
        case .expressionStatement:
            return false
        default:
            return true
        }
    }

    /// Whether member `key` of what a variable holds is compared; handing the whole object on
    /// counts as comparing it.
    private func memberIsCompared(variable name: Node, _ key: String) -> Bool {
        guard let binding = resolve(name: name.text, at: name) else { return true }
        var compared = false
        tree.walk { node in
            guard !compared else { return false }
            guard node.is(.identifier) || node.is(.shorthandPropertyIdentifier), node.textEquals(name.text), node.id != name.id,
                  resolve(name: node.text, at: node) == binding else { return true }
            guard node.is(.identifier), let (parent, child) = Syntax.outerContext(of: node) else { compared = true; return false }
            if parent.is(.memberExpression), parent.child(byField: .object)?.id == child.id {
                if parent.child(byField: .property)?.textEquals(key) == true, isDecidedOn(parent) || isPassedOn(parent) { compared = true }
                return true
            }
            compared = true
            return true
        }
        return compared
    }

    /// Whether a value is handed to a component or a context (a JSX attribute), or kept in an
    /// object: where it goes next cannot be followed.
    private func isPassedOn(_ value: Node) -> Bool {
        guard let (parent, _) = Syntax.outerContext(of: value) else { return false }
        switch parent.nodeKind {
        case .jsxExpression:
            return parent.parent?.is(.jsxAttribute) == true
        case .pair, .arguments, .variableDeclarator, .spreadElement, .array:
            return !isInsideLoggingArguments(value) && !parent.is(.variableDeclarator)
        default:
            return false
        }
    }

    /// `isCompared(variable:)`, and with `orPassedOn` a read handed to a component, a context or
    /// another function counts too.
    private func isCompared(variable name: Node, orPassedOn: Bool) -> Bool {
        guard orPassedOn else { return isCompared(variable: name) }
        if isCompared(variable: name) { return true }
        guard let binding = resolve(name: name.text, at: name) else { return true }
        var passed = false
        tree.walk { node in
            guard !passed else { return false }
            guard node.is(.identifier), node.textEquals(name.text), node.id != name.id,
                  resolve(name: node.text, at: node) == binding, isReference(node) else { return true }
            if isPassedOn(node) { passed = true }
            return true
        }
        return passed
    }

    /// Whether some read of the variable `name` names is compared, tested or returned.
    private func isCompared(variable name: Node) -> Bool {
        guard let binding = resolve(name: name.text, at: name) else { return true }
        return references(of: binding).contains { read in
            // Sent to a logger or to analytics: `provisional-blind-analytics` reports it there.
            if isInsideLoggingArguments(read) { return false }
            return read.is(.shorthandPropertyIdentifier) || isDecidedOn(read)
        }
    }

    /// Whether the function's result is compared or tested where it is called: it must be a local
    /// function that is not exported (callers elsewhere cannot be seen), called by name.
    /// `whenUnseen` is the answer when the callers cannot all be seen (exported, passed around,
    /// no name, never called).
    private func resultIsCompared(_ function: Node, whenUnseen: Bool = true) -> Bool {
        guard let (nameNode, binding) = localNameBinding(of: function), !isInsideExport(function) else { return whenUnseen }
        var compared = false
        var called = false
        var unseen = false
        tree.walk { node in
            guard !compared, !unseen else { return false }
            guard node.is(.identifier) || node.is(.shorthandPropertyIdentifier), node.textEquals(nameNode.text), node.id != nameNode.id,
                  resolve(name: node.text, at: node) == binding else { return true }
            if node.is(.shorthandPropertyIdentifier) || node.parent?.nodeKind == .exportSpecifier { unseen = true; return false }
            guard let (parent, child) = Syntax.outerContext(of: node), parent.is(.callExpression),
                  parent.child(byField: .function)?.id == child.id else {
                // Passed around (`then(notificationState)`): where it goes cannot be followed.
                unseen = true
                return false
            }
            called = true
            var result = parent
            while let outer = result.parent, outer.is(.awaitExpression) { result = outer }
            if isDecidedOn(parent) { compared = true }
            else if let (holder, _) = Syntax.outerContext(of: result), holder.is(.variableDeclarator),
                    let name = holder.child(byField: .name), name.is(.identifier), isCompared(variable: name) {
                compared = true
            }
            return true
        }
        if unseen { return whenUnseen }
        return compared || !called && whenUnseen
    }

    /// Whether a value is compared, switched on, tested by a condition or a logical operator, or
    /// returned where it is read (awaiting it first changes nothing).
    private func isDecidedOn(_ value: Node) -> Bool {
        var child = value
        while let parent = child.parent, parent.is(.awaitExpression) || parent.is(.parenthesizedExpression) { child = parent }
        guard let (parent, inner) = Syntax.outerContext(of: child) else { return false }
        switch parent.nodeKind {
        case .binaryExpression:
            return ["===", "!==", "==", "!=", "&&", "||"].contains(Syntax.operatorText(parent) ?? "")
        case .switchStatement, .ifStatement, .whileStatement, .returnStatement:
            return true
        case .ternaryExpression:
            return parent.child(byField: .condition)?.id == inner.id
        case .unaryExpression:
            return Syntax.operatorText(parent) == "!"
        default:
            return false
        }
    }

    /// An `if` (with its `else if` chain) whose every branch only logs or tracks.
    private func branchesOnlyObserve(_ statement: Node) -> Bool {
        guard let consequence = statement.child(byField: .consequence), onlyObserves(consequence, depth: 0) else { return false }
        guard let alternative = statement.child(byField: .alternative) else { return true }
        return alternative.namedChildren.allSatisfy { child in
            child.is(.ifStatement) ? branchesOnlyObserve(child) : onlyObserves(child, depth: 0)
        }
    }

    private func onlyObserves(_ statement: Node, depth: Int = 0) -> Bool {
        switch statement.nodeKind {
        case .comment, .emptyStatement:
            return true
        case .statementBlock:
            let statements = statement.namedChildren.filter { $0.nodeKind != .comment }
            return !statements.isEmpty && statements.allSatisfy { onlyObserves($0, depth: depth) }
        case .expressionStatement:
            guard var expression = statement.namedChildren.first(where: { $0.nodeKind != .comment }).map(Syntax.unwrap) else { return false }
            // `await analytics().logEvent(…)`, `void track(…)`.
            while expression.is(.awaitExpression) || expression.is(.unaryExpression) && Syntax.operatorText(expression) == "void",
                  let inner = expression.namedChildren.last(where: { $0.nodeKind != .comment }).map(Syntax.unwrap) {
                expression = inner
            }
            guard expression.is(.callExpression), let callee = expression.child(byField: .function).map(Syntax.unwrap) else { return false }
            if isLoggingCall(callee) || isProductAnalyticsCall(expression) { return true }
            // The app's own logger: a local function that only logs (`const log = (m) => console.log(m)`).
            guard depth < 3, case let .localFunction(function) = value(of: callee), let body = function.child(byField: .body) else { return false }
            if body.is(.statementBlock) { return onlyObserves(body, depth: depth + 1) }
            let call = Syntax.unwrap(body)
            guard call.is(.callExpression), let inner = call.child(byField: .function).map(Syntax.unwrap) else { return false }
            return isLoggingCall(inner) || isProductAnalyticsCall(call)
        default:
            return false
        }
    }

    // MARK: - Values that only go to loggers and analytics

    /// Whether the value the test at `site` makes (through `!`, `Boolean(…)` and a ternary that picks
    /// a constant: `granted ? 1 : 0`) is kept in a variable, or returned by a local function, and
    /// from there only reaches loggers and analytics calls, `if`s whose branches only observe, and
    /// labels only shown.
    private func madeValueIsOnlyObserved(_ site: Node) -> Bool {
        var made = site
        while let (parent, child) = Syntax.outerContext(of: made) {
            if parent.is(.unaryExpression), Syntax.operatorText(parent) == "!" { made = parent; continue }
            if parent.is(.ternaryExpression), parent.child(byField: .condition)?.id == child.id,
               let consequence = parent.child(byField: .consequence), Self.isPlaceholder(consequence),
               let alternative = parent.child(byField: .alternative), Self.isPlaceholder(alternative) {
                made = parent
                continue
            }
            if parent.is(.arguments), let call = parent.parent, call.is(.callExpression),
               let callee = call.child(byField: .function).map(Syntax.unwrap), callee.is(.identifier), callee.textEquals("Boolean") {
                made = call
                continue
            }
            break
        }
        return valueIsOnlyObserved(made, depth: 0)
    }

    private func valueIsOnlyObserved(_ value: Node, depth: Int) -> Bool {
        guard depth < 4, let (parent, child) = Syntax.outerContext(of: value) else { return false }
        switch parent.nodeKind {
        case .variableDeclarator, .assignmentExpression:
            let target = parent.is(.variableDeclarator) ? parent.child(byField: .name) : parent.child(byField: .left)
            guard parent.child(byField: parent.is(.variableDeclarator) ? .value : .right)?.id == child.id,
                  let name = target, name.is(.identifier), let index = resolve(name: name.text, at: name) else { return false }
            return readsAreOnlyObserved(index, name: name, depth: depth)
        case .returnStatement, .arrowFunction:
            if parent.is(.arrowFunction), parent.child(byField: .body)?.id != child.id { return false }
            guard let function = parent.is(.arrowFunction) ? parent : enclosingFunction(of: parent) else { return false }
            return resultsAreOnlyObserved(function, depth: depth)
        default:
            return false
        }
    }

    /// Every read of the variable (at least one) goes to a logger or an analytics call, tests an
    /// `if` whose branches only observe, picks a label only shown, or is kept in another variable
    /// whose reads do the same.
    private func readsAreOnlyObserved(_ index: Int, name: Node, depth: Int) -> Bool {
        let reads = references(of: index).filter { !isInDependencyList($0) }
        return !reads.isEmpty && reads.allSatisfy { readIsOnlyObserved($0, depth: depth) }
    }

    /// `useEffect(…, [pushOn])`: a hook's dependency list names a value, it does not use it.
    private func isInDependencyList(_ read: Node) -> Bool {
        guard let list = read.parent, list.is(.array), let arguments = list.parent, arguments.is(.arguments),
              let call = arguments.parent, call.is(.callExpression),
              let callee = call.child(byField: .function).map(Syntax.unwrap) else { return false }
        let name = callee.is(.memberExpression) ? callee.child(byField: .property)?.text ?? "" : callee.text
        return name.hasPrefix("use") && name.dropFirst(3).first?.isUppercase == true
    }

    private func readIsOnlyObserved(_ read: Node, depth: Int) -> Bool {
        if isInsideLoggingArguments(read) { return true }
        var condition = read
        while let parent = condition.parent, parent.is(.parenthesizedExpression)
                || parent.is(.unaryExpression) && Syntax.operatorText(parent) == "!" {
            condition = parent
        }
        if let holder = condition.parent, holder.child(byField: .condition)?.id == condition.id {
            if holder.is(.ifStatement) { return branchesOnlyObserve(holder) || labelStatementsAreOnlyShown(holder) }
            if holder.is(.ternaryExpression) {
                return isLabel(holder.child(byField: .consequence)) && isLabel(holder.child(byField: .alternative)) && labelIsOnlyShown(holder)
            }
            return false
        }
        return !read.is(.shorthandPropertyIdentifier) && valueIsOnlyObserved(read, depth: depth + 1)
    }

    /// A function's name (`function f`, `const f = () => …`) and its binding, if it has one.
    private func localNameBinding(of function: Node) -> (name: Node, binding: Int)? {
        let nameNode: Node?
        if function.is(.functionDeclaration) {
            nameNode = function.child(byField: .name)
        } else if let (declarator, _) = Syntax.outerContext(of: function), declarator.is(.variableDeclarator) {
            nameNode = declarator.child(byField: .name)
        } else {
            nameNode = nil
        }
        guard let nameNode, nameNode.is(.identifier), let binding = resolve(name: nameNode.text, at: nameNode) else { return nil }
        return (nameNode, binding)
    }

    /// Whether a function is declared inside an `export` statement (called from other files too).
    private func isInsideExport(_ function: Node) -> Bool {
        var ancestor = function.parent
        while let current = ancestor, current.nodeKind != .program {
            if current.is(.exportStatement) { return true }
            ancestor = current.parent
        }
        return false
    }

    /// A local function, not exported, only called by name (at least once), whose every result
    /// (awaited or not) goes where `valueIsOnlyObserved` accepts.
    private func resultsAreOnlyObserved(_ function: Node, depth: Int) -> Bool {
        guard let (nameNode, binding) = localNameBinding(of: function), !isInsideExport(function) else { return false }
        // `export { isPushEnabled }`: called elsewhere too.
        for statement in tree.root.namedChildren where statement.is(.exportStatement) {
            for clause in statement.namedChildren where clause.is(.exportClause) {
                for specifier in clause.namedChildren where specifier.is(.exportSpecifier) {
                    if specifier.child(byField: .name)?.textEquals(nameNode.text) == true { return false }
                }
            }
        }
        let reads = references(of: binding)
        return !reads.isEmpty && reads.allSatisfy { read in
            // Passed around, exported by name: where it goes cannot be followed.
            guard let (parent, child) = Syntax.outerContext(of: read), parent.is(.callExpression),
                  parent.child(byField: .function)?.id == child.id else { return false }
            var result = parent
            while let outer = result.parent, outer.is(.awaitExpression) { result = outer }
            return isInsideLoggingArguments(parent) || valueIsOnlyObserved(result, depth: depth + 1)
        }
    }

    /// Whether `node` is part of what a logging or analytics call is given.
    private func isInsideLoggingArguments(_ node: Node) -> Bool {
        var child = node
        var depth = 0
        while let parent = child.parent, depth < 12 {
            switch parent.nodeKind {
            case .arguments:
                guard let call = parent.parent, let callee = call.child(byField: .function).map(Syntax.unwrap) else { return false }
                if isLoggingCall(callee) || isProductAnalyticsCall(call) { return true }
                // `String(granted)`, `JSON.stringify(…)` inside the logged arguments: still logged.
                child = call
                depth += 1
            case .statementBlock, .program, .expressionStatement, .returnStatement, .ifStatement, .variableDeclarator,
                 .arrowFunction, .functionDeclaration, .functionExpression, .jsxExpression, .assignmentExpression:
                return false
            default:
                child = parent
                depth += 1
            }
        }
        return false
    }
}
