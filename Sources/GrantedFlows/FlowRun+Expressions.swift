import GrantedSyntax

extension FlowRun {
    func evaluate(_ node: Node, in scope: Scope) throws -> FlowValue {
        try spend(node)
        switch node.nodeKind {
        case .parenthesizedExpression, .nonNullExpression, .asExpression, .satisfiesExpression:
            return try node.namedChildren.first.map { try evaluate($0, in: scope) } ?? .undefined
        case .typeAssertion:
            return try node.namedChildren.last.map { try evaluate($0, in: scope) } ?? .undefined
        case .awaitExpression:
            return try node.namedChildren.first.map { try evaluate($0, in: scope) } ?? .undefined
        case .identifier:
            return try lookup(node.text, in: scope, at: node)
        case .undefined: return .undefined
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number:
            let text = node.text.replacingOccurrences(of: "_", with: "")
            if text.hasPrefix("0x") || text.hasPrefix("0X"), let value = Int(text.dropFirst(2), radix: 16) { return .number(Double(value)) }
            return Double(text).map(FlowValue.number) ?? .unknown(text)
        case .string:
            return .string(FlowSource.stringValue(node))
        case .templateString:
            var text = ""
            for part in node.namedChildren {
                if part.is(.templateSubstitution) {
                    guard let inner = part.namedChildren.first else { continue }
                    switch try evaluate(inner, in: scope) {
                    case let .string(value): text += value
                    case let .number(value): text += Self.numberText(value)
                    case let .bool(value): text += value ? "true" : "false"
                    default: return .unknown(Self.compact(node.text))
                    }
                } else {
                    text += part.text
                }
            }
            return .string(text)
        case .this:
            return scope.thisValue ?? .undefined
        case .memberExpression:
            return try evaluateMember(node, in: scope)
        case .subscriptExpression:
            guard let objectNode = node.child(byField: .object), let indexNode = node.child(byField: .index) else { return .unknown(node.text) }
            let object = try evaluate(objectNode, in: scope)
            let index = try evaluate(indexNode, in: scope)
            let optional = Self.hasOptionalChain(node)
            switch index {
            case let .string(name): return try member(object, name, optional: optional, at: node)
            case let .number(number):
                if case .array = object { return try element(object, Int(number), at: node) }
                return try member(object, Self.numberText(number), optional: optional, at: node)
            default: return .unknown(Self.compact(node.text))
            }
        case .callExpression:
            return try evaluateCall(node, in: scope)
        case .newExpression:
            return try evaluateNew(node, in: scope)
        case .binaryExpression:
            return try evaluateBinary(node, in: scope)
        case .unaryExpression:
            return try evaluateUnary(node, in: scope)
        case .ternaryExpression:
            guard let condition = node.child(byField: .condition) else { return .undefined }
            let branch = try decide(condition, in: scope) ? node.child(byField: .consequence) : node.child(byField: .alternative)
            return try branch.map { try evaluate($0, in: scope) } ?? .undefined
        case .assignmentExpression:
            guard let left = node.child(byField: .left), let right = node.child(byField: .right) else { return .undefined }
            let value = try evaluate(right, in: scope)
            try assign(left, value, in: scope)
            return value
        case .augmentedAssignmentExpression:
            guard let left = node.child(byField: .left), let right = node.child(byField: .right) else { return .undefined }
            let current = try evaluate(left, in: scope)
            let operand = try evaluate(right, in: scope)
            let op = node.child(byField: .operator)?.text ?? ""
            var value: FlowValue = .unknown(Self.compact(node.text))
            switch op {
            case "??=": value = current.isNullish ? operand : current
            case "||=": value = current.truthiness == false ? operand : (current.truthiness == true ? current : value)
            case "&&=": value = current.truthiness == true ? operand : (current.truthiness == false ? current : value)
            case "+=":
                if case let .number(a) = current, case let .number(b) = operand { value = .number(a + b) }
                if case let .string(a) = current, case let .string(b) = operand { value = .string(a + b) }
            default: break
            }
            try assign(left, value, in: scope)
            return value
        case .updateExpression:
            guard let target = node.namedChildren.first else { return .undefined }
            let current = try evaluate(target, in: scope)
            if case let .number(value) = current {
                try assign(target, .number(node.text.contains("++") ? value + 1 : value - 1), in: scope)
            } else {
                try assign(target, .unknown(Self.compact(target.text)), in: scope)
            }
            return current
        case .object:
            return try evaluateObject(node, in: scope)
        case .array:
            var elements: [FlowValue] = []
            for element in node.namedChildren where !element.is(.comment) {
                if element.is(.spreadElement), let inner = element.namedChildren.first {
                    if case let .array(box) = try evaluate(inner, in: scope) { elements += box.elements } else { elements.append(.unknown(inner.text)) }
                } else {
                    elements.append(try evaluate(element, in: scope))
                }
            }
            return .array(ArrayBox(elements))
        case .arrowFunction, .functionExpression, .generatorFunction:
            return .closure(Closure(node: node, scope: scope, this: nil, module: scope.module))
        case .class:
            guard let body = node.child(byField: .body) else { return .unknown("class") }
            return .classRef(ClassInfo(name: node.child(byField: .name)?.text ?? "class", body: body, scope: scope, module: scope.module))
        case .yieldExpression:
            guard let argument = node.namedChildren.first else { return .undefined }
            return try resolveYield(try evaluate(argument, in: scope), at: node)
        default:
            if node.is(.sequenceExpression) {
                var last: FlowValue = .undefined
                for part in node.namedChildren { last = try evaluate(part, in: scope) }
                return last
            }
            return .unknown(Self.shorten(Self.compact(node.text)))
        }
    }

    static func hasOptionalChain(_ node: Node) -> Bool {
        node.children.contains { $0.is(.optionalChain) || $0.is(.questionDot) }
    }

    /// Whether an optional chain further in short-circuits this access (`a?.b.c` with `a` null).
    static func chainIsOptional(_ node: Node) -> Bool {
        var current: Node? = node
        while let expression = current {
            if hasOptionalChain(expression) { return true }
            switch expression.nodeKind {
            case .memberExpression, .subscriptExpression: current = expression.child(byField: .object)
            case .callExpression: current = expression.child(byField: .function)
            case .nonNullExpression, .parenthesizedExpression: current = expression.namedChildren.first
            default: current = nil
            }
        }
        return false
    }

    func evaluateMember(_ node: Node, in scope: Scope) throws -> FlowValue {
        guard let objectNode = node.child(byField: .object), let property = node.child(byField: .property) else { return .unknown(node.text) }
        let object = try evaluate(objectNode, in: scope)
        return try member(object, property.text, optional: Self.chainIsOptional(node), at: node)
    }

    func lookup(_ name: String, in scope: Scope, at node: Node) throws -> FlowValue {
        if let value = scope.lookup(name) { return value }
        if let value = try moduleValue(name, in: scope.module) { return value }
        return global(name)
    }

    func assign(_ target: Node, _ value: FlowValue, in scope: Scope) throws {
        switch target.nodeKind {
        case .identifier:
            if !scope.assign(target.text, value) {
                // A module-level variable not read yet: evaluate its declaration first, then write.
                _ = try moduleValue(target.text, in: scope.module)
                if !scope.assign(target.text, value) { scope.module.scope.variables[target.text] = value }
            }
        case .memberExpression, .subscriptExpression:
            try assignMember(target, value, in: scope)
        case .parenthesizedExpression, .nonNullExpression, .asExpression:
            if let inner = target.namedChildren.first { try assign(inner, value, in: scope) }
        case .objectPattern, .arrayPattern, .object, .array:
            try bind(target, value, in: scope, declaring: false)
        default:
            break
        }
    }

    func assignMember(_ target: Node, _ value: FlowValue, in scope: Scope) throws {
        guard let objectNode = target.child(byField: .object) else { return }
        let object = try evaluate(objectNode, in: scope)
        let name: String
        if target.is(.subscriptExpression) {
            guard let index = target.child(byField: .index) else { return }
            switch try evaluate(index, in: scope) {
            case let .string(text): name = text
            case let .number(number):
                if case let .array(box) = object, number >= 0, Int(number) < 10_000 {
                    while box.elements.count <= Int(number) { box.elements.append(.undefined) }
                    box.elements[Int(number)] = value
                    return
                }
                name = Self.numberText(number)
            default: return
            }
        } else {
            guard let property = target.child(byField: .property) else { return }
            name = property.text
        }
        if case let .object(box) = object { box.set(name, value) }
    }

    func evaluateObject(_ node: Node, in scope: Scope) throws -> FlowValue {
        let box = ObjectBox()
        for member in node.namedChildren {
            switch member.nodeKind {
            case .pair:
                guard let key = member.child(byField: .key), let valueNode = member.child(byField: .value) else { continue }
                box.set(try propertyKey(key, in: scope), try evaluate(valueNode, in: scope))
            case .shorthandPropertyIdentifier:
                box.set(member.text, try lookup(member.text, in: scope, at: member))
            case .methodDefinition:
                guard let name = member.child(byField: .name) else { continue }
                box.set(try propertyKey(name, in: scope), .closure(Closure(node: member, scope: scope, this: nil, module: scope.module)))
            case .spreadElement:
                guard let inner = member.namedChildren.first else { continue }
                if case let .object(source) = try evaluate(inner, in: scope) {
                    for key in source.order { box.set(key, source.properties[key] ?? .undefined) }
                }
            default: continue
            }
        }
        return .object(box)
    }

    // MARK: Operators

    func strictlyEqual(_ lhs: FlowValue, _ rhs: FlowValue) -> Bool? {
        switch (lhs, rhs) {
        case (.unknown, _), (_, .unknown): return nil
        case (.undefined, .undefined), (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.token(a), .token(b)): return a == b
        case let (.object(a), .object(b)): return a === b
        case let (.array(a), .array(b)): return a === b
        case (.closure, .closure), (.api, .api), (.classRef, .classRef), (.namespace, .namespace), (.effect, .effect), (.boundAPI, .boundAPI):
            return nil
        default: return false
        }
    }

    func looselyEqual(_ lhs: FlowValue, _ rhs: FlowValue) -> Bool? {
        if lhs.isNullish, rhs.isNullish { return true }
        switch (lhs, rhs) {
        case (.unknown, _), (_, .unknown): return nil
        case (.undefined, _), (.null, _), (_, .undefined), (_, .null): return false
        case let (.number(a), .string(b)), let (.string(b), .number(a)): return Double(b).map { $0 == a } ?? false
        case let (.bool(a), .number(b)), let (.number(b), .bool(a)): return (a ? 1 : 0) == b
        default: return strictlyEqual(lhs, rhs)
        }
    }

    func evaluateBinary(_ node: Node, in scope: Scope) throws -> FlowValue {
        guard let leftNode = node.child(byField: .left), let rightNode = node.child(byField: .right),
              let op = node.child(byField: .operator)?.text else { return .unknown(node.text) }
        let left = try evaluate(leftNode, in: scope)
        switch op {
        case "&&":
            let truth = left.truthiness ?? decideValue(left, leftNode)
            return truth ? try evaluate(rightNode, in: scope) : left
        case "||":
            let truth = left.truthiness ?? decideValue(left, leftNode)
            return truth ? left : try evaluate(rightNode, in: scope)
        case "??":
            if left.isUnknown { return left }
            return left.isNullish ? try evaluate(rightNode, in: scope) : left
        default: break
        }
        let right = try evaluate(rightNode, in: scope)
        let unknownText = "\(describe(left)) \(op) \(describe(right))"
        func compare(_ result: Bool?) -> FlowValue { result.map(FlowValue.bool) ?? .unknown(unknownText) }
        switch op {
        case "===": return compare(strictlyEqual(left, right))
        case "!==": return compare(strictlyEqual(left, right).map { !$0 })
        case "==": return compare(looselyEqual(left, right))
        case "!=": return compare(looselyEqual(left, right).map { !$0 })
        case "<", ">", "<=", ">=":
            var a: Double?
            var b: Double?
            if case let .number(x) = left { a = x }
            if case let .number(y) = right { b = y }
            if case let .string(x) = left, case let .string(y) = right {
                switch op {
                case "<": return .bool(x < y)
                case ">": return .bool(x > y)
                case "<=": return .bool(x <= y)
                default: return .bool(x >= y)
                }
            }
            guard let x = a, let y = b else { return .unknown(unknownText) }
            switch op {
            case "<": return .bool(x < y)
            case ">": return .bool(x > y)
            case "<=": return .bool(x <= y)
            default: return .bool(x >= y)
            }
        case "+":
            switch (left, right) {
            case let (.number(a), .number(b)): return .number(a + b)
            case let (.string(a), .string(b)): return .string(a + b)
            case let (.string(a), .number(b)): return .string(a + Self.numberText(b))
            case let (.number(a), .string(b)): return .string(Self.numberText(a) + b)
            default: return .unknown(unknownText)
            }
        case "-", "*", "/", "%":
            guard case let .number(a) = left, case let .number(b) = right else { return .unknown(unknownText) }
            switch op {
            case "-": return .number(a - b)
            case "*": return .number(a * b)
            case "/": return .number(a / b)
            default: return .number(a.truncatingRemainder(dividingBy: b))
            }
        default:
            return .unknown(unknownText)
        }
    }

    /// A value's truth where the device does not decide it: assumed both ways.
    func decideValue(_ value: FlowValue, _ node: Node) -> Bool {
        if case let .unknown(code) = value { return assume(code) }
        return assume(Self.compact(node.text))
    }

    func evaluateUnary(_ node: Node, in scope: Scope) throws -> FlowValue {
        guard let argument = node.child(byField: .argument) else { return .unknown(node.text) }
        let op = node.child(byField: .operator)?.text ?? ""
        let value = try evaluate(argument, in: scope)
        switch op {
        case "!":
            if let truth = value.truthiness { return .bool(!truth) }
            if case let .unknown(code) = value { return .unknown("!" + (code.contains(" ") ? "(\(code))" : code)) }
            return .unknown(Self.compact(node.text))
        case "-":
            if case let .number(number) = value { return .number(-number) }
            return .unknown(Self.compact(node.text))
        case "+":
            if case let .number(number) = value { return .number(number) }
            return .unknown(Self.compact(node.text))
        case "void": return .undefined
        case "typeof":
            switch value {
            case .undefined: return .string("undefined")
            case .null, .object, .array: return .string("object")
            case .bool: return .string("boolean")
            case .number: return .string("number")
            case .string: return .string("string")
            case .closure, .api, .classRef, .boundAPI: return .string("function")
            default: return .unknown(Self.compact(node.text))
            }
        default:
            return .unknown(Self.compact(node.text))
        }
    }
}
