import GrantedDiscovery
import GrantedSyntax

/// Why a run stops or jumps: a JavaScript exception, or a place the evaluation cannot follow.
enum FlowSignal: Error {
    case thrown(FlowValue)
    case unfollowed(String)
}

/// How a statement ended.
enum Completion {
    case normal
    case returned(FlowValue, Node)
    case breakLoop
    case continueLoop
}

final class Scope {
    var variables: [String: FlowValue] = [:]
    let parent: Scope?
    unowned let module: ModuleInstance
    var this: FlowValue?

    init(parent: Scope?, module: ModuleInstance, this: FlowValue? = nil) {
        self.parent = parent
        self.module = module
        self.this = this
        // Closures hold their scope, and scopes hold closures: the run breaks those cycles when
        // it ends (`FlowRun.finish`), from this list.
        module.scopes.append(self)
    }

    func lookup(_ name: String) -> FlowValue? {
        var scope: Scope? = self
        while let current = scope {
            if let value = current.variables[name] { return value }
            scope = current.parent
        }
        return nil
    }

    func assign(_ name: String, _ value: FlowValue) -> Bool {
        var scope: Scope? = self
        while let current = scope {
            if current.variables[name] != nil {
                current.variables[name] = value
                return true
            }
            scope = current.parent
        }
        return false
    }

    var thisValue: FlowValue? {
        var scope: Scope? = self
        while let current = scope {
            if let this = current.this { return this }
            scope = current.parent
        }
        return nil
    }
}

/// One file's module while one path runs: its top-level values, evaluated on first use.
final class ModuleInstance {
    let source: FlowSource
    private(set) var scope: Scope!
    /// Every scope made for this module's code during the run.
    var scopes: [Scope] = []
    var evaluating: Set<String> = []
    var defaultExpressionValue: FlowValue?

    init(source: FlowSource) {
        self.source = source
        scope = Scope(parent: nil, module: self)
    }
}

/// A step of a path worth showing as a place: the response read, a decision, a dialog, the exit.
public struct FlowStep: Hashable, Sendable {
    public enum Kind: String, Sendable {
        case read, decision, request, token, alert, schedule, exit, caught
    }

    public let path: String
    public let range: Range<Int>
    public let line: Int
    public let kind: Kind
    /// What the place is: the condition's code, the call's name, what the flow returns.
    public let label: String
    /// Which way it went: `true` / `false` for a decision, `Allow` / `Don't Allow` for a dialog.
    public let outcome: String
    public let message: String
}

/// One request a path made.
public struct FlowRequest: Hashable, Sendable {
    public let line: Int
    public let dialog: Bool
    public let options: String
    public let provisional: Bool
}

/// What a path returned.
public enum FlowReturn: Hashable, Sendable {
    case bool(Bool)
    case null
    case string(String)
    case token
    case unknown(String)
    /// The flow throws out (an exception it does not catch): what it throws.
    case thrown(String)
}

/// What one device state lives through on one sequence of answers and assumptions.
public struct FlowPath: Hashable, Sendable {
    /// The answers to a dialog, as `answers` records them.
    public static let allow = "allow"
    public static let deny = "deny"

    public internal(set) var answers: [String] = []
    public internal(set) var requests: [FlowRequest] = []
    public internal(set) var token: Int?
    public internal(set) var alerts: [Int] = []
    public internal(set) var schedules: [Int] = []
    public internal(set) var returns: FlowReturn = .null
    public internal(set) var exit: Int?
    public internal(set) var assumes: [String] = []
    public internal(set) var unfollowed: String?
    /// The places of the path, for SARIF code flows and the editor (not part of its identity).
    public internal(set) var steps: [FlowStep] = []
    /// Whether the path read, requested or fetched anything.
    var touched = false

    public static func == (lhs: FlowPath, rhs: FlowPath) -> Bool {
        lhs.answers == rhs.answers && lhs.requests == rhs.requests && lhs.token == rhs.token && lhs.alerts == rhs.alerts
            && lhs.schedules == rhs.schedules && lhs.returns == rhs.returns && lhs.exit == rhs.exit && lhs.assumes == rhs.assumes
            && lhs.unfollowed == rhs.unfollowed
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(answers)
        hasher.combine(requests)
        hasher.combine(token)
        hasher.combine(exit)
        hasher.combine(assumes)
    }
}

/// One run of a flow: one device state, one sequence of choices (the dialogs' answers and the
/// device-independent conditions). The evaluation re-runs the flow with each sequence in turn.
final class FlowRun {
    let program: FlowProgram
    let flowFile: String
    var state: DeviceState
    let prefix: [Int]
    private(set) var choices: [(chosen: Int, count: Int)] = []
    private var assumptions: [String: Bool] = [:]
    var record = FlowPath()
    var modules: [String: ModuleInstance] = [:]
    var packages: [KnownPackage: FlowValue] = [:]
    /// The call sites the run is inside: where an event in another file shows in the flow's own.
    private var callSites: [(file: String, node: Node)] = []
    private var active: [NodeID] = []
    private var fuel = 60_000
    static let maximumDepth = 12

    init(program: FlowProgram, flowFile: String, state: DeviceState, prefix: [Int]) {
        self.program = program
        self.flowFile = flowFile
        self.state = state
        self.prefix = prefix
    }

    // MARK: Choices

    /// Breaks the cycles between scopes and the closures, objects and classes they hold, so that
    /// the run's values are freed (a language server evaluates flows edit after edit).
    func finish() {
        // Objects and arrays can hold themselves (`settings.self = settings`, found by fuzzing;
        // issue 40): those reachable from the scopes are emptied too.
        var pending = modules.values.flatMap { $0.scopes.flatMap { $0.variables.values } } + packages.values
        var emptied = Set<ObjectIdentifier>()
        while let value = pending.popLast() {
            switch value {
            case let .object(box) where emptied.insert(ObjectIdentifier(box)).inserted:
                pending += box.properties.values
                box.properties.removeAll()
            case let .array(box) where emptied.insert(ObjectIdentifier(box)).inserted:
                pending += box.elements
                box.elements.removeAll()
            case let .closure(closure):
                if let this = closure.this { pending.append(this) }
            case let .boundAPI(_, preset):
                pending.append(preset)
            default:
                break
            }
        }
        for module in modules.values {
            for scope in module.scopes {
                scope.variables.removeAll()
                scope.this = nil
            }
            module.scopes.removeAll()
            module.defaultExpressionValue = nil
        }
        modules.removeAll()
        packages.removeAll()
    }

    func choose(_ count: Int) -> Int {
        let index = choices.count
        let chosen = index < prefix.count ? min(prefix[index], count - 1) : 0
        choices.append((chosen, count))
        return chosen
    }

    /// A condition the device does not decide: both ways are taken (on two runs), and the path
    /// says which it assumed. The same condition is answered the same way within a run.
    func assume(_ condition: String) -> Bool {
        var text = condition
        var negated = false
        while text.hasPrefix("!") {
            text.removeFirst()
            negated.toggle()
        }
        if text.hasPrefix("("), text.hasSuffix(")") { text = String(text.dropFirst().dropLast()) }
        if let known = assumptions[text] { return known != negated }
        let value = choose(2) == 0
        assumptions[text] = value
        record.assumes.append("\(text) is \(value)")
        return value != negated
    }

    func spend(_ node: Node) throws {
        fuel -= 1
        if fuel <= 0 { throw FlowSignal.unfollowed("more work than the evaluation follows (line \(line(of: node)))") }
    }

    // MARK: Places

    func line(of node: Node) -> Int { node.tree.source.position(of: node.startByte).line }

    func module(for source: FlowSource) -> ModuleInstance {
        if let known = modules[source.path] { return known }
        let made = ModuleInstance(source: source)
        modules[source.path] = made
        return made
    }

    func module(at path: String) -> ModuleInstance? {
        program.source(at: path).map(module(for:))
    }

    /// The line, in the flow's file, of the innermost call there: where an event shows.
    func eventLine(_ node: Node) -> Int? {
        if isInFlowFile(node) { return line(of: node) }
        for site in callSites.reversed() where site.file == flowFile { return line(of: site.node) }
        return nil
    }

    private func isInFlowFile(_ node: Node) -> Bool {
        program.source(at: flowFile)?.tree === node.tree
    }

    func path(of node: Node) -> String {
        if isInFlowFile(node) { return flowFile }
        for (path, module) in modules where module.source.tree === node.tree { return path }
        return flowFile
    }

    func step(_ node: Node, _ kind: FlowStep.Kind, label: String, outcome: String = "", _ message: String) {
        guard record.steps.count < 40 else { return }
        record.steps.append(FlowStep(
            path: path(of: node), range: node.byteRange, line: line(of: node), kind: kind, label: label, outcome: outcome, message: message
        ))
    }

    // MARK: Calls into functions

    /// Runs `body` as the run of `node` (a function called, a class constructed): `node` already
    /// running is recursion, and more than `maximumDepth` of them a chain; the run follows neither
    /// (unbounded, either would exhaust the stack of the linter itself).
    func entering<Value>(_ node: Node, at site: Node?, _ body: () throws -> Value) throws -> Value {
        let id = node.id
        if active.contains(id) { throw FlowSignal.unfollowed("recursion (line \(line(of: node)))") }
        if active.count >= Self.maximumDepth { throw FlowSignal.unfollowed("calls deeper than \(Self.maximumDepth) (line \(site.map(line(of:)) ?? 0))") }
        active.append(id)
        defer { active.removeLast() }
        return try body()
    }

    func invoke(_ closure: Closure, arguments: [FlowValue], this: FlowValue?, at site: Node?) throws -> FlowValue {
        try entering(closure.node, at: site) { try runBody(of: closure, arguments: arguments, this: this, at: site) }
    }

    private func runBody(of closure: Closure, arguments: [FlowValue], this: FlowValue?, at site: Node?) throws -> FlowValue {
        if let site { callSites.append((path(of: site), site)) }
        defer {
            if site != nil { callSites.removeLast() }
        }
        let scope = Scope(parent: closure.scope, module: closure.module)
        if !closure.node.is(.arrowFunction) { scope.this = closure.this ?? this ?? .undefined }
        try bindParameters(of: closure.node, arguments, in: scope)
        guard let body = closure.node.child(byField: .body) else { return .undefined }
        if body.is(.statementBlock) {
            switch try executeBlock(body, in: scope) {
            case let .returned(value, _): return value
            default: return .undefined
            }
        }
        return try evaluate(body, in: scope)
    }

    func bindParameters(of function: Node, _ arguments: [FlowValue], in scope: Scope) throws {
        if let single = function.child(byField: .parameter) {
            try bind(single, arguments.first ?? .undefined, in: scope)
            return
        }
        guard let parameters = function.child(byField: .parameters) else { return }
        var index = 0
        for parameter in parameters.namedChildren {
            switch parameter.nodeKind {
            case .requiredParameter, .optionalParameter:
                guard let pattern = parameter.child(byField: .pattern) else { continue }
                if pattern.is(.restPattern) {
                    try bind(pattern, .array(ArrayBox(Array(arguments.dropFirst(index)))), in: scope)
                    continue
                }
                if pattern.is(.this) { continue }
                var value = index < arguments.count ? arguments[index] : .undefined
                if case .undefined = value, let fallback = parameter.child(byField: .value) { value = try evaluate(fallback, in: scope) }
                try bind(pattern, value, in: scope)
                index += 1
            case .comment: continue
            case .restPattern:
                try bind(parameter, .array(ArrayBox(Array(arguments.dropFirst(index)))), in: scope)
            default:
                try bind(parameter, index < arguments.count ? arguments[index] : .undefined, in: scope)
                index += 1
            }
        }
    }

    /// Binds a pattern (identifier, object or array pattern, with defaults) to a value.
    func bind(_ pattern: Node, _ value: FlowValue, in scope: Scope, declaring: Bool = true) throws {
        func set(_ name: String, _ value: FlowValue) {
            if declaring || !scope.assign(name, value) { scope.variables[name] = value }
        }
        switch pattern.nodeKind {
        case .identifier, .shorthandPropertyIdentifierPattern, .shorthandPropertyIdentifier:
            set(pattern.text, value)
        case .objectPattern, .object:
            for element in pattern.namedChildren {
                switch element.nodeKind {
                case .shorthandPropertyIdentifierPattern, .shorthandPropertyIdentifier:
                    set(element.text, try member(value, element.text, optional: true, at: element))
                case .pairPattern, .pair:
                    guard let key = element.child(byField: .key), let target = element.child(byField: .value) else { continue }
                    let name = try propertyKey(key, in: scope)
                    try bind(target, try member(value, name, optional: true, at: element), in: scope, declaring: declaring)
                case .objectAssignmentPattern:
                    guard let left = element.child(byField: .left) else { continue }
                    var property = try member(value, left.text, optional: true, at: element)
                    if case .undefined = property, let fallback = element.child(byField: .right) { property = try evaluate(fallback, in: scope) }
                    try bind(left, property, in: scope, declaring: declaring)
                case .restPattern:
                    if let target = element.namedChildren.first { try bind(target, .unknown("…rest"), in: scope, declaring: declaring) }
                default: continue
                }
            }
        case .arrayPattern, .array:
            var index = 0
            for element in pattern.children {
                if element.textEquals(",") && !element.isNamed { index += 1; continue }
                guard element.isNamed, !element.is(.comment) else { continue }
                if element.is(.restPattern) {
                    if let target = element.namedChildren.first { try bind(target, .unknown("…rest"), in: scope, declaring: declaring) }
                    continue
                }
                try bind(element, try self.element(value, index, at: element), in: scope, declaring: declaring)
            }
        case .assignmentPattern:
            guard let left = pattern.child(byField: .left) else { return }
            var actual = value
            if case .undefined = actual, let fallback = pattern.child(byField: .right) { actual = try evaluate(fallback, in: scope) }
            try bind(left, actual, in: scope, declaring: declaring)
        case .memberExpression:
            try assignMember(pattern, value, in: scope)
        case .restPattern:
            if let target = pattern.namedChildren.first { try bind(target, value, in: scope, declaring: declaring) }
        default:
            break
        }
    }

    func element(_ value: FlowValue, _ index: Int, at node: Node) throws -> FlowValue {
        switch value {
        case let .array(box): return index < box.elements.count ? box.elements[index] : .undefined
        case let .unknown(code): return .unknown("\(code)[\(index)]")
        case .undefined, .null: throw FlowSignal.thrown(.string("TypeError: not iterable"))
        default: return .unknown("\(describe(value))[\(index)]")
        }
    }

    func propertyKey(_ key: Node, in scope: Scope) throws -> String {
        switch key.nodeKind {
        case .string: return FlowSource.stringValue(key)
        case .computedPropertyName:
            guard let inner = key.namedChildren.first else { return key.text }
            let value = try evaluate(inner, in: scope)
            if case let .string(text) = value { return text }
            if case let .number(number) = value { return Self.numberText(number) }
            return key.text
        default: return key.text
        }
    }

    static func numberText(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    /// A value in words, for the code text of unknown values and assumptions.
    func describe(_ value: FlowValue) -> String {
        switch value {
        case .undefined: return "undefined"
        case .null: return "null"
        case let .bool(flag): return flag ? "true" : "false"
        case let .number(number): return Self.numberText(number)
        case let .string(text): return "'\(text)'"
        case let .unknown(code): return code
        case .token: return "the push token"
        default: return "an object"
        }
    }
}
