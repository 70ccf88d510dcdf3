import GrantedSyntax

/// Decisions that decide nothing: a test whose every branch only logs or reports an analytics event.
extension SemanticModel {
    /// Whether the decision at `site` (a comparison or a `granted` read) only observes the state:
    /// it is the test of an `if` whose branches only log or report an analytics event
    /// (`if (status === 'granted') console.log('enabled') else console.log('not enabled')`), or it
    /// sits in the arguments of such a call (`console.info(`… ${granted ? 'on' : 'off'}`)`). A
    /// branch that does anything else — returns, requests, stores, navigates — makes it a decision.
    public func isObservationOnlyDecision(_ site: Node) -> Bool {
        if isInsideLoggingArguments(site) { return true }
        var condition = site
        while let parent = condition.parent, [.parenthesizedExpression, .unaryExpression].contains(parent.nodeKind) {
            if parent.is(.unaryExpression), Syntax.operatorText(parent) != "!" { return false }
            condition = parent
        }
        guard let statement = condition.parent, statement.is(.ifStatement),
              statement.child(byField: "condition")?.id == condition.id else { return false }
        return branchesOnlyObserve(statement)
    }

    /// An `if` (with its `else if` chain) whose every branch only logs or tracks.
    private func branchesOnlyObserve(_ statement: Node) -> Bool {
        guard let consequence = statement.child(byField: "consequence"), onlyObserves(consequence) else { return false }
        guard let alternative = statement.child(byField: "alternative") else { return true }
        return alternative.namedChildren.allSatisfy { child in
            child.is(.ifStatement) ? branchesOnlyObserve(child) : onlyObserves(child)
        }
    }

    private func onlyObserves(_ statement: Node) -> Bool {
        switch statement.nodeKind {
        case .comment, .emptyStatement:
            return true
        case .statementBlock:
            let statements = statement.namedChildren.filter { $0.nodeKind != .comment }
            return !statements.isEmpty && statements.allSatisfy(onlyObserves)
        case .expressionStatement:
            guard var expression = statement.namedChildren.first(where: { $0.nodeKind != .comment }).map(Syntax.unwrap) else { return false }
            // `await analytics().logEvent(…)`, `void track(…)`.
            while expression.is(.awaitExpression) || expression.is(.unaryExpression) && Syntax.operatorText(expression) == "void",
                  let inner = expression.namedChildren.last(where: { $0.nodeKind != .comment }).map(Syntax.unwrap) {
                expression = inner
            }
            guard expression.is(.callExpression), let callee = expression.child(byField: "function").map(Syntax.unwrap) else { return false }
            return isLoggingCall(callee)
        default:
            return false
        }
    }

    /// Whether `node` is part of what a logging or analytics call is given.
    private func isInsideLoggingArguments(_ node: Node) -> Bool {
        var child = node
        var depth = 0
        while let parent = child.parent, depth < 12 {
            switch parent.nodeKind {
            case .arguments:
                guard let call = parent.parent, let callee = call.child(byField: "function").map(Syntax.unwrap) else { return false }
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
