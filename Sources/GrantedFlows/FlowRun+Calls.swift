import GrantedSyntax

extension FlowRun {
    func evaluateCall(_ node: Node, in scope: Scope) throws -> FlowValue {
        guard let callee = node.child(byField: .function) else { return .unknown(node.text) }
        let argumentNodes = node.child(byField: .arguments)?.namedChildren.filter { !$0.is(.comment) } ?? []
        func arguments() throws -> [FlowValue] {
            var values: [FlowValue] = []
            for argument in argumentNodes {
                if argument.is(.spreadElement), let inner = argument.namedChildren.first {
                    if case let .array(box) = try evaluate(inner, in: scope) { values += box.elements } else { values.append(.unknown(inner.text)) }
                } else {
                    values.append(try evaluate(argument, in: scope))
                }
            }
            return values
        }
        // `import('…')`
        if callee.is(.import) {
            guard let specifier = try arguments().first, case let .string(name) = specifier else { return .unknown(Self.compact(node.text)) }
            return try loadModule(name, from: scope.module)
        }
        let optionalCall = Self.hasOptionalChain(node)
        if callee.is(.memberExpression), let objectNode = callee.child(byField: .object), let property = callee.child(byField: .property) {
            let name = property.text
            // Promise chains: the evaluation has no promises (an awaited value is the value), so
            // `.then(f)` calls `f` with it, `.catch(f)` calls `f` only when it threw.
            if name == "then" || name == "catch" || name == "finally" {
                let isPromiseChain = argumentNodes.first.map { $0.is(.arrowFunction) || $0.is(.functionExpression) || $0.is(.identifier) || $0.is(.memberExpression) } ?? true
                if isPromiseChain {
                    return try evaluatePromiseChain(name, objectNode: objectNode, arguments: argumentNodes, in: scope, at: node)
                }
            }
            let object = try evaluate(objectNode, in: scope)
            if object.isNullish, Self.chainIsOptional(callee) { return .undefined }
            let function = try member(object, name, optional: Self.chainIsOptional(callee), at: callee)
            if function.isNullish, optionalCall { return .undefined }
            return try call(function, try arguments(), this: object, at: node, callee: property)
        }
        let function = try evaluate(callee, in: scope)
        if function.isNullish, optionalCall || Self.chainIsOptional(callee) { return .undefined }
        return try call(function, try arguments(), this: nil, at: node, callee: callee)
    }

    func evaluatePromiseChain(_ name: String, objectNode: Node, arguments: [Node], in scope: Scope, at node: Node) throws -> FlowValue {
        let settled: Result<FlowValue, Error>
        do {
            settled = .success(try evaluate(objectNode, in: scope))
        } catch let signal as FlowSignal {
            if case .unfollowed = signal { throw signal }
            settled = .failure(signal)
        }
        let callbacks = try arguments.map { try evaluate($0, in: scope) }
        switch (name, settled) {
        case let ("then", .success(value)):
            guard let onFulfilled = callbacks.first, !onFulfilled.isNullish else { return value }
            return try call(onFulfilled, [value], this: nil, at: node, callee: node)
        case let ("then", .failure(error)):
            guard callbacks.count > 1, case let FlowSignal.thrown(reason) = error else { throw error }
            return try call(callbacks[1], [reason], this: nil, at: node, callee: node)
        case let ("catch", .success(value)):
            return value
        case let ("catch", .failure(error)):
            guard let onRejected = callbacks.first, case let FlowSignal.thrown(reason) = error else { throw error }
            return try call(onRejected, [reason], this: nil, at: node, callee: node)
        case let (_, outcome):
            if let onFinally = callbacks.first { _ = try call(onFinally, [], this: nil, at: node, callee: node) }
            return try outcome.get()
        }
    }

    func call(_ function: FlowValue, _ arguments: [FlowValue], this: FlowValue?, at node: Node, callee: Node) throws -> FlowValue {
        switch function {
        case let .closure(closure):
            return try invoke(closure, arguments: arguments, this: this, at: node)
        case let .api(api):
            return try callAPI(api, arguments, at: node, callee: callee)
        case let .boundAPI(api, preset):
            return try callAPI(api, arguments.isEmpty ? [preset] : arguments, at: node, callee: callee)
        case .undefined, .null:
            throw FlowSignal.thrown(.string("TypeError: \(Self.shorten(Self.compact(callee.text))) is not a function"))
        case .classRef:
            throw FlowSignal.thrown(.string("TypeError: a class called without new"))
        default:
            return .unknown(Self.shorten(Self.compact(node.text)))
        }
    }

    func evaluateNew(_ node: Node, in scope: Scope) throws -> FlowValue {
        guard let constructor = node.child(byField: .constructor) else { return .unknown(node.text) }
        let target = try evaluate(constructor, in: scope)
        let arguments = try node.child(byField: .arguments)?.namedChildren.map { try evaluate($0, in: scope) } ?? []
        guard case let .classRef(info) = target else { return .unknown(Self.shorten(Self.compact(node.text))) }
        return try construct(info, arguments, at: node)
    }

    /// A new instance: the field initialisers, then the constructor. Entered like a call, so that a
    /// field holding a new instance of its own class (`next = new Service()`) is recursion.
    func construct(_ info: ClassInfo, _ arguments: [FlowValue], at site: Node?) throws -> FlowValue {
        try entering(info.body, at: site) { try initialise(info, arguments, at: site) }
    }

    private func initialise(_ info: ClassInfo, _ arguments: [FlowValue], at site: Node?) throws -> FlowValue {
        let box = ObjectBox(classInfo: info)
        let instance = FlowValue.object(box)
        let fieldScope = Scope(parent: info.scope, module: info.module, this: instance)
        for member in info.body.namedChildren where member.is(.publicFieldDefinition) && !Self.isStatic(member) {
            guard let name = member.child(byField: .name) ?? member.child(byField: .property) else { continue }
            let value = try member.child(byField: .value).map { try evaluate($0, in: fieldScope) } ?? .undefined
            box.set(try propertyKey(name, in: fieldScope), value)
        }
        if let constructor = Self.method(named: "constructor", in: info, static: false) {
            _ = try invoke(Closure(node: constructor, scope: info.scope, this: instance, module: info.module), arguments: arguments, this: instance, at: site)
        }
        return instance
    }

    static func isStatic(_ member: Node) -> Bool {
        member.children.contains { !$0.isNamed && $0.textEquals("static") }
    }

    static func method(named name: String, in info: ClassInfo, static wantStatic: Bool) -> Node? {
        info.body.namedChildren.first { member in
            member.is(.methodDefinition) && member.child(byField: .name)?.text == name && isStatic(member) == wantStatic
        }
    }

    /// A property of a value.
    func member(_ object: FlowValue, _ name: String, optional: Bool, at node: Node) throws -> FlowValue {
        switch object {
        case let .object(box):
            if let value = box.properties[name] {
                if case var .closure(closure) = value, closure.this == nil, !closure.node.is(.arrowFunction) {
                    closure.this = object
                    return .closure(closure)
                }
                return value
            }
            if let info = box.classInfo, let method = Self.method(named: name, in: info, static: false) {
                return .closure(Closure(node: method, scope: info.scope, this: object, module: info.module))
            }
            // A package namespace without a default export of its own is its own default
            // (`require('expo-notifications').default`, CommonJS interop).
            if name == "default", box.isOpen { return object }
            if box.isInert { return .api(.inert) }
            if box.isOpen { return .unknown(Self.shorten(Self.compact(node.text))) }
            return .undefined
        case let .array(box):
            if name == "length" { return .number(Double(box.elements.count)) }
            if name == "includes" || name == "indexOf" || name == "some" || name == "find" || name == "map" || name == "filter" {
                return .api(.arrayMethod(name, box))
            }
            return Int(name).map { $0 < box.elements.count ? box.elements[$0] : .undefined } ?? .undefined
        case let .string(text):
            if name == "length" { return .number(Double(text.utf16.count)) }
            if name == "includes" || name == "startsWith" || name == "toLowerCase" || name == "toUpperCase" { return .api(.stringMethod(name, text)) }
            return .unknown(Self.shorten(Self.compact(node.text)))
        case .undefined, .null:
            if optional { return .undefined }
            throw FlowSignal.thrown(.string("TypeError: cannot read \(name) of \(describe(object))"))
        case let .namespace(module):
            return try exportValue(name, of: module) ?? .undefined
        case let .classRef(info):
            if let method = Self.method(named: name, in: info, static: true) {
                return .closure(Closure(node: method, scope: info.scope, this: object, module: info.module))
            }
            return .unknown(Self.shorten(Self.compact(node.text)))
        case let .api(api):
            if case .firebaseFactory = api, name == "AuthorizationStatus" { return Self.firebaseAuthorizationStatus() }
            return .unknown(Self.shorten(Self.compact(node.text)))
        case let .token(data):
            if !data, name == "data" { return .token(data: true) }
            return .unknown(Self.shorten(Self.compact(node.text)))
        case let .unknown(code):
            return .unknown(Self.shorten("\(code)\(optional ? "?." : ".")\(name)"))
        default:
            return .unknown(Self.shorten(Self.compact(node.text)))
        }
    }

    // MARK: Modules

    /// A top-level name of a module, evaluated on first use; nil when the module does not declare it.
    func moduleValue(_ name: String, in module: ModuleInstance) throws -> FlowValue? {
        if let value = module.scope.variables[name] { return value }
        guard let declaration = module.source.declarations[name] else { return nil }
        if module.evaluating.contains(name) { return .unknown(name) }
        module.evaluating.insert(name)
        defer { module.evaluating.remove(name) }
        let scope = module.scope!
        switch declaration.nodeKind {
        case .functionDeclaration, .generatorFunctionDeclaration:
            scope.variables[name] = .closure(Closure(node: declaration, scope: scope, this: nil, module: module))
        case .classDeclaration, .abstractClassDeclaration:
            if let body = declaration.child(byField: .body) {
                scope.variables[name] = .classRef(ClassInfo(name: name, body: body, scope: scope, module: module))
            }
        case .variableDeclarator:
            guard let pattern = declaration.child(byField: .name) else { return nil }
            let value = try declaration.child(byField: .value).map { try evaluate($0, in: scope) } ?? .undefined
            try bind(pattern, value, in: scope)
        case .importStatement:
            scope.variables[name] = try importedValue(name, statement: declaration, module: module)
        default:
            return nil
        }
        return scope.variables[name]
    }

    func importedValue(_ local: String, statement: Node, module: ModuleInstance) throws -> FlowValue {
        if let requireClause = statement.namedChildren.first(where: { $0.is(.importRequireClause) }),
           let source = requireClause.child(byField: .source) {
            return try loadModule(FlowSource.stringValue(source), from: module)
        }
        guard let source = statement.child(byField: .source) else { return .unknown(local) }
        let specifier = FlowSource.stringValue(source)
        for clause in statement.namedChildren where clause.is(.importClause) {
            for part in clause.namedChildren {
                switch part.nodeKind {
                case .identifier where part.text == local:
                    return try defaultExport(of: specifier, from: module, local: local)
                case .namespaceImport where part.namedChildren.first?.text == local:
                    return try loadModule(specifier, from: module, local: local)
                case .namedImports:
                    for specifierNode in part.namedChildren where specifierNode.is(.importSpecifier) {
                        guard let name = specifierNode.child(byField: .name)?.text else { continue }
                        let alias = specifierNode.child(byField: .alias)?.text ?? name
                        if alias == local { return try namedExport(name, of: specifier, from: module, local: local) }
                    }
                default: continue
                }
            }
        }
        return .unknown(local)
    }

    func loadModule(_ specifier: String, from module: ModuleInstance, local: String? = nil) throws -> FlowValue {
        if let package = KnownPackage(rawValue: specifier) { return packageNamespace(package) }
        if let path = program.resolve(specifier, from: module.source.path), let target = self.module(at: path) { return .namespace(target) }
        return .unknown(local ?? "require('\(specifier)')")
    }

    func defaultExport(of specifier: String, from module: ModuleInstance, local: String) throws -> FlowValue {
        if let package = KnownPackage(rawValue: specifier) {
            let namespace = packageNamespace(package)
            if case let .object(box) = namespace, let value = box.properties["default"] { return value }
            return namespace
        }
        if let path = program.resolve(specifier, from: module.source.path), let target = self.module(at: path) {
            return try exportValue("default", of: target) ?? .namespace(target)
        }
        return .unknown(local)
    }

    func namedExport(_ name: String, of specifier: String, from module: ModuleInstance, local: String) throws -> FlowValue {
        if let package = KnownPackage(rawValue: specifier) {
            if case let .object(box) = packageNamespace(package), let value = box.properties[name] { return value }
            return .unknown(local)
        }
        if let path = program.resolve(specifier, from: module.source.path), let target = self.module(at: path) {
            return try exportValue(name, of: target) ?? .unknown(local)
        }
        return .unknown(local)
    }

    func exportValue(_ name: String, of module: ModuleInstance, depth: Int = 0) throws -> FlowValue? {
        guard depth < 16 else { return nil }
        if let target = module.source.exports[name] {
            switch target {
            case let .local(local):
                return try moduleValue(local, in: module)
            case let .reexport(specifier, original):
                if let package = KnownPackage(rawValue: specifier) {
                    if case let .object(box) = packageNamespace(package) { return box.properties[original] }
                    return nil
                }
                guard let path = program.resolve(specifier, from: module.source.path), let target = self.module(at: path) else { return nil }
                return try exportValue(original, of: target, depth: depth + 1)
            case let .namespace(specifier):
                return try loadModule(specifier, from: module)
            case let .defaultExpression(node):
                if let value = module.defaultExpressionValue { return value }
                let value = try evaluate(node, in: module.scope)
                module.defaultExpressionValue = value
                return value
            }
        }
        for specifier in module.source.starExports {
            if let package = KnownPackage(rawValue: specifier) {
                if case let .object(box) = packageNamespace(package), let value = box.properties[name] { return value }
                continue
            }
            guard let path = program.resolve(specifier, from: module.source.path), let target = self.module(at: path) else { continue }
            if let value = try exportValue(name, of: target, depth: depth + 1) { return value }
        }
        return nil
    }

    func global(_ name: String) -> FlowValue {
        switch name {
        case "alert": return .api(.alert)
        case "require": return .api(.require)
        case "undefined": return .undefined
        case "Boolean": return .api(.boolean)
        case "Promise": return .object(ObjectBox([("all", .api(.promiseAll)), ("resolve", .api(.promiseResolve))], open: true))
        case "console": return .object(ObjectBox([], open: true, inert: true))
        default: return .unknown(name)
        }
    }

    func resolveYield(_ value: FlowValue, at node: Node) throws -> FlowValue {
        switch value {
        case let .effect(effect):
            guard let function = effect.function else { return .undefined }
            return try call(function, effect.arguments, this: effect.this, at: effect.site, callee: effect.site)
        case let .array(box):
            return .array(ArrayBox(try box.elements.map { try resolveYield($0, at: node) }))
        default:
            return value
        }
    }
}
