import GrantedSyntax

/// The notification handler and the behaviour it returns.
extension SemanticModel {
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
                return parent.child(byField: .body)?.id == child.id ? parent : nil
            case .returnStatement:
                return enclosingFunction(of: parent)
            case .arguments:
                guard let call = parent.parent, let callee = call.child(byField: .function),
                      Syntax.normalisedText(callee) == "Promise.resolve" else { return nil }
                current = call
            case .awaitExpression:
                current = parent
            case .variableDeclarator:
                guard parent.child(byField: .value)?.id == child.id,
                      let name = parent.child(byField: .name), name.is(.identifier),
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
                if let module = node.child(byField: .module), module.is(.identifier),
                   node.child(byField: .name)?.textEquals(typeName) == true,
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
                for field: FieldName in [.consequence, .alternative] {
                    if let branch = node.child(byField: field) { work.append((branch, depth + 1)) }
                }
            case .binaryExpression:
                for field: FieldName in [.left, .right] {
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
                guard let callee = node.child(byField: .function) else { continue }
                if Syntax.normalisedText(callee) == "Promise.resolve",
                   let argument = node.child(byField: .arguments)?.namedChild(0) {
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
            guard let node else { return false }
            return isLabelExpression(node, substitutions: false)
        }
        func isLabelStatement(_ statement: Node) -> Bool {
            switch statement.nodeKind {
            case .comment, .breakStatement, .emptyStatement: return true
            case .returnStatement: return isLabel(statement.namedChildren.first { $0.nodeKind != .comment })
            case .expressionStatement:
                guard let expression = statement.namedChildren.first(where: { $0.nodeKind != .comment }).map(Syntax.unwrap),
                      expression.is(.assignmentExpression) else { return false }
                return isLabel(expression.child(byField: .right))
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
                  let left = condition.child(byField: .left), let right = condition.child(byField: .right) else { return nil }
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
                if let value = member.child(byField: .value), let literal = anyStatusLiteral(value) { literals.insert(literal) }
                guard member.children(byField: .body).allSatisfy(isLabelStatement) else { return false }
            }
            return literals.count >= 2
        }
        var condition = site
        while let parent = condition.parent, [.parenthesizedExpression, .unaryExpression].contains(parent.nodeKind) { condition = parent }
        guard let holder = condition.parent else { return false }
        var literals = Set<String>()
        switch holder.nodeKind {
        case .ternaryExpression:
            guard holder.child(byField: .condition)?.id == condition.id else { return false }
            // Up to the first ternary of the chain, then down its alternatives.
            var top = holder
            while let parent = top.parent.map({ $0.is(.parenthesizedExpression) ? ($0.parent ?? $0) : $0 }),
                  parent.is(.ternaryExpression), parent.child(byField: .alternative).map(Syntax.unwrap)?.id == top.id {
                top = parent
            }
            var current: Node? = top
            while let ternary = current {
                guard let literal = comparedLiteral(ternary.child(byField: .condition)), isLabel(ternary.child(byField: .consequence)),
                      let alternative = ternary.child(byField: .alternative).map(Syntax.unwrap) else { return false }
                literals.insert(literal)
                if alternative.is(.ternaryExpression) {
                    current = alternative
                } else {
                    guard isLabel(alternative) else { return false }
                    current = nil
                }
            }
        case .ifStatement:
            guard holder.child(byField: .condition)?.id == condition.id else { return false }
            var top = holder
            while let clause = top.parent, clause.is(.elseClause), let parent = clause.parent, parent.is(.ifStatement) {
                top = parent
            }
            var current: Node? = top
            while let statement = current {
                guard let literal = comparedLiteral(statement.child(byField: .condition)),
                      let consequence = statement.child(byField: .consequence), isLabelStatement(consequence) else { return false }
                literals.insert(literal)
                current = nil
                if let alternative = statement.child(byField: .alternative) {
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
                  let callee = call.child(byField: .function) else { return false }
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
                        if let key = parent.child(byField: .key), key.contains(current), Syntax.propertyName(key) == name,
                           !passedToAnotherFunction(parent.parent),
                           let value = parent.child(byField: .value), case let .localFunction(function) = self.value(of: value) {
                            add(function)
                        }
                        break
                    }
                    if parent.is(.methodDefinition) {
                        if let key = parent.child(byField: .name), key.contains(current), Syntax.propertyName(key) == name,
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
            guard let callee = call.child(byField: .function), value(of: callee) == .expoExport("setNotificationHandler"),
                  case let .literal(object) = resolveObject(call.child(byField: .arguments)?.namedChild(0)) else { continue }
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
