import GrantedSyntax

extension FlowRun {
    /// Runs a block in a scope of its own, with its function declarations hoisted.
    func executeBlock(_ block: Node, in parent: Scope) throws -> Completion {
        let scope = Scope(parent: parent, module: parent.module)
        let statements = block.namedChildren
        hoist(statements, into: scope)
        for statement in statements {
            let completion = try execute(statement, in: scope)
            if case .normal = completion { continue }
            return completion
        }
        return .normal
    }

    func hoist(_ statements: [Node], into scope: Scope) {
        for statement in statements {
            let declaration = statement.is(.exportStatement) ? statement.child(byField: .declaration) ?? statement : statement
            if declaration.is(.functionDeclaration) || declaration.is(.generatorFunctionDeclaration),
               let name = declaration.child(byField: .name)?.text {
                scope.variables[name] = .closure(Closure(node: declaration, scope: scope, this: nil, module: scope.module))
            }
        }
    }

    func execute(_ statement: Node, in scope: Scope) throws -> Completion {
        try spend(statement)
        switch statement.nodeKind {
        case .statementBlock:
            return try executeBlock(statement, in: scope)
        case .expressionStatement:
            if let expression = statement.namedChildren.first { _ = try evaluate(expression, in: scope) }
            return .normal
        case .lexicalDeclaration, .variableDeclaration:
            for declarator in statement.namedChildren where declarator.is(.variableDeclarator) {
                guard let name = declarator.child(byField: .name) else { continue }
                let value = try declarator.child(byField: .value).map { try evaluate($0, in: scope) } ?? .undefined
                try bind(name, value, in: scope)
            }
            return .normal
        case .functionDeclaration, .generatorFunctionDeclaration:
            return .normal
        case .classDeclaration:
            if let name = statement.child(byField: .name)?.text, let body = statement.child(byField: .body) {
                scope.variables[name] = .classRef(ClassInfo(name: name, body: body, scope: scope, module: scope.module))
            }
            return .normal
        case .ifStatement:
            guard let condition = statement.child(byField: .condition) else { return .normal }
            let taken = try decide(condition, in: scope)
            if taken {
                if let consequence = statement.child(byField: .consequence) { return try execute(consequence, in: scope) }
            } else if let alternative = statement.child(byField: .alternative) {
                let body = alternative.is(.elseClause) ? alternative.namedChildren.last ?? alternative : alternative
                return try execute(body, in: scope)
            }
            return .normal
        case .returnStatement:
            let value = try statement.namedChildren.first.map { try evaluate($0, in: scope) } ?? .undefined
            return .returned(value, statement)
        case .throwStatement:
            let value = try statement.namedChildren.first.map { try evaluate($0, in: scope) } ?? .undefined
            if case .unknown = value, let thrown = statement.namedChildren.first {
                throw FlowSignal.thrown(.unknown(Self.shorten(Self.compact(thrown.text), to: 60)))
            }
            throw FlowSignal.thrown(value)
        case .tryStatement:
            return try executeTry(statement, in: scope)
        case .switchStatement:
            return try executeSwitch(statement, in: scope)
        case .forStatement, .forInStatement, .whileStatement, .doStatement:
            // A loop is followed only when it cannot touch the permission: its body is skipped.
            if Self.mentionsPermissionWork(statement) {
                throw FlowSignal.unfollowed("a loop that requests, reads or fetches (line \(line(of: statement)))")
            }
            return .normal
        case .breakStatement: return .breakLoop
        case .continueStatement: return .continueLoop
        case .labeledStatement:
            if let body = statement.namedChildren.last {
                let completion = try execute(body, in: scope)
                if case .breakLoop = completion { return .normal }
                return completion
            }
            return .normal
        case .exportStatement:
            if let declaration = statement.child(byField: .declaration) { return try execute(declaration, in: scope) }
            return .normal
        default:
            return .normal
        }
    }

    /// Whether the code names a permission, token or alert API (a loop around it is not followed).
    static func mentionsPermissionWork(_ node: Node) -> Bool {
        let text = node.text
        return FlowFinder.apiNames.contains { text.contains($0) }
    }

    func executeTry(_ statement: Node, in scope: Scope) throws -> Completion {
        guard let body = statement.child(byField: .body) else { return .normal }
        let handler = statement.child(byField: .handler)
        let finalizer = statement.namedChildren.first { $0.is(.finallyClause) }
        var completion: Completion = .normal
        var pending: Error?
        do {
            completion = try executeBlock(body, in: scope)
        } catch let FlowSignal.thrown(error) {
            if let handler, let handlerBody = handler.child(byField: .body) {
                let handlerScope = Scope(parent: scope, module: scope.module)
                if let parameter = handler.child(byField: .parameter) { try bind(parameter, error, in: handlerScope) }
                step(handler, .caught, label: "catch", "an exception is caught here")
                do {
                    completion = try executeBlock(handlerBody, in: handlerScope)
                } catch {
                    pending = error
                }
            } else {
                pending = FlowSignal.thrown(error)
            }
        }
        if let finalizer, let finalBody = finalizer.child(byField: .body) ?? finalizer.namedChildren.last {
            let finalCompletion = try executeBlock(finalBody, in: scope)
            if case .returned = finalCompletion { return finalCompletion }
        }
        if let pending { throw pending }
        return completion
    }

    func executeSwitch(_ statement: Node, in scope: Scope) throws -> Completion {
        guard let value = statement.child(byField: .value), let body = statement.child(byField: .body) else { return .normal }
        let discriminant = try evaluate(value, in: scope)
        let cases = body.namedChildren.filter { $0.is(.switchCase) || $0.is(.switchDefault) }
        var start: Int?
        for (index, clause) in cases.enumerated() where clause.is(.switchCase) {
            guard let test = clause.child(byField: .value) else { continue }
            let candidate = try evaluate(test, in: scope)
            let matches: Bool
            if let known = strictlyEqual(discriminant, candidate) {
                matches = known
            } else {
                matches = assume("\(describe(discriminant)) === \(describe(candidate))")
            }
            if matches {
                start = index
                break
            }
        }
        if start == nil { start = cases.firstIndex { $0.is(.switchDefault) } }
        guard let first = start else { return .normal }
        let switchScope = Scope(parent: scope, module: scope.module)
        for clause in cases[first...] {
            let valueID = clause.child(byField: .value)?.id
            let statements = clause.children(byField: .body).isEmpty
                ? clause.namedChildren.filter { $0.id != valueID }
                : clause.children(byField: .body)
            for inner in statements {
                let completion = try execute(inner, in: switchScope)
                switch completion {
                case .normal: continue
                case .breakLoop: return .normal
                default: return completion
                }
            }
        }
        return .normal
    }

    /// The truth of a condition: known from the device state, or assumed both ways.
    func decide(_ condition: Node, in scope: Scope) throws -> Bool {
        let value = try evaluate(condition, in: scope)
        let taken: Bool
        if let known = value.truthiness {
            taken = known
        } else if case let .unknown(code) = value {
            taken = assume(code)
        } else {
            taken = assume(Self.compact(condition.text))
        }
        let shown = Self.compact(condition.is(.parenthesizedExpression) ? (condition.namedChildren.first?.text ?? condition.text) : condition.text)
        step(condition, .decision, label: Self.shorten(shown, to: 60), outcome: taken ? "true" : "false", "`\(Self.shorten(shown))` is \(taken)")
        return taken
    }

    /// Code on one line: each run of ASCII white space becomes one space, and line comments go.
    static func compact(_ text: String) -> String {
        var result: [UInt8] = []
        var lastWasSpace = false
        var inLineComment = false
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inLineComment {
                if byte == 0x0A { inLineComment = false } else { index += 1; continue }
            }
            if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/"),
               index == 0 || bytes[index - 1] != UInt8(ascii: ":") {
                inLineComment = true
                index += 1
                continue
            }
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                if !lastWasSpace, !result.isEmpty { result.append(0x20) }
                lastWasSpace = true
            } else {
                result.append(byte)
                lastWasSpace = false
            }
            index += 1
        }
        while result.last == 0x20 { result.removeLast() }
        return String(decoding: result, as: UTF8.self)
    }

    static func shorten(_ text: String, to limit: Int = 80) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}

