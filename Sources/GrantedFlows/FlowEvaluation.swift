import GrantedDiscovery
import GrantedSyntax

/// A named function that may be a flow: where it is, and how a run reaches it.
public struct FlowFunction: Hashable, Sendable {
    /// `register`, `PushService.register`, `notificationService.enable`.
    public let name: String
    /// Absolute path of its file.
    public let path: String
    /// 1-based line of its name.
    public let line: Int
    /// Byte range of the function (to find the one that holds a finding).
    public let range: Range<Int>
    let nameRange: Range<Int>
    let owner: Owner?

    enum Owner: Hashable, Sendable {
        case classDeclaration(String)
        case object(String)
    }
}

/// A flow evaluated on the eight device states.
public struct FlowEvaluation: Sendable {
    public let function: FlowFunction
    /// Every path of each state, in the order the runs took them.
    public let states: [(state: DeviceState, paths: [FlowPath])]
    /// Whether some path read, requested or fetched: the function is a flow.
    public let isFlow: Bool

    public func paths(_ state: DeviceState) -> [FlowPath] {
        states.first { $0.state == state }?.paths ?? []
    }
}

/// The device-state evaluation: finds a project's flows and runs each on every state and every
/// sequence of answers and assumptions (docs/flows.md).
public final class FlowEvaluator {
    public let program: FlowProgram
    /// Paths per state beyond which a state is reported as not followed.
    public static let maximumPaths = 64

    public init(program: FlowProgram = FlowProgram()) {
        self.program = program
    }

    // MARK: Finding functions

    /// The named functions of a file.
    public func functions(inFile path: String) -> [FlowFunction] {
        guard let source = program.source(at: path) else { return [] }
        return FlowFinder.functions(in: source)
    }

    /// The innermost named function of a file that holds a byte range.
    public func function(containing range: Range<Int>, inFile path: String) -> FlowFunction? {
        functions(inFile: path)
            .filter { $0.range.lowerBound <= range.lowerBound && range.upperBound <= $0.range.upperBound }
            .min { $0.range.count < $1.range.count }
    }

    /// The flows among `paths` (files): functions that read, request or fetch, directly or through
    /// the project's other functions, sorted by path and line.
    public func flows(inFiles paths: [String]) -> [FlowEvaluation] {
        var texts: [String: [UInt8]] = [:]
        for path in paths { texts[absolute(path)] = program.readFile(absolute(path)) }
        var evaluated = Set<FlowFunction>()
        var found: [FlowEvaluation] = []
        var needles = FlowFinder.apiNames
        // A wrapper is found once what it wraps is: a few rounds, each looking for the names of
        // the flows the last one found.
        for _ in 0..<4 {
            var newNames: [String] = []
            let needleSet = NeedleSet(needles)
            for path in texts.keys.sorted() {
                guard let bytes = texts[path], FlowFinder.containsAny(needleSet, in: bytes) else { continue }
                for function in functions(inFile: path) where !evaluated.contains(function) {
                    guard let source = program.source(at: path) else { continue }
                    let body = source.tree.source.bytes[function.range]
                    guard needles.contains(where: { FlowFinder.containsWord($0, in: body) }) else { continue }
                    evaluated.insert(function)
                    // Most functions that name a needle are no flow (`getToken` of an auth client):
                    // a few paths on a never-asked iPhone and Android tell, before all eight states.
                    guard mayBeFlow(function) else { continue }
                    let evaluation = evaluate(function)
                    if evaluation.isFlow {
                        found.append(evaluation)
                        newNames.append(String(function.name.split(separator: ".").last ?? ""))
                    }
                }
            }
            if newNames.isEmpty { break }
            needles = Array(Set(newNames))
        }
        return found.sorted { ($0.function.path, $0.function.line, $0.function.name) < ($1.function.path, $1.function.line, $1.function.name) }
    }

    // MARK: Evaluating

    /// Whether a few paths of the two never-asked states read, request or fetch.
    func mayBeFlow(_ function: FlowFunction) -> Bool {
        [DeviceState.iosNotDetermined, .androidNotDetermined].contains { state in
            evaluate(function, on: state, maximumPaths: 16).contains { $0.touched && $0.unfollowed == nil || $0.touched }
        }
    }

    public func evaluate(_ function: FlowFunction) -> FlowEvaluation {
        var states: [(DeviceState, [FlowPath])] = []
        var touched = false
        for state in DeviceState.allCases {
            let paths = evaluate(function, on: state)
            touched = touched || paths.contains { $0.touched }
            states.append((state, paths))
        }
        return FlowEvaluation(function: function, states: states, isFlow: touched)
    }

    /// Every path of one state: the flow is run again with each sequence of choices, depth first.
    public func evaluate(_ function: FlowFunction, on state: DeviceState, maximumPaths: Int = FlowEvaluator.maximumPaths) -> [FlowPath] {
        var paths: [FlowPath] = []
        var seen = Set<FlowPath>()
        var prefix: [Int] = []
        var runs = 0
        while true {
            runs += 1
            if runs > maximumPaths {
                var stopped = FlowPath()
                stopped.unfollowed = "more than \(maximumPaths) paths"
                stopped.touched = paths.contains { $0.touched }
                paths.append(stopped)
                break
            }
            let run = FlowRun(program: program, flowFile: function.path, state: state, prefix: prefix)
            defer { run.finish() }
            var path = run.start(function)
            path.touched = path.touched || run.record.touched
            if seen.insert(path).inserted { paths.append(path) }
            // The next sequence: the last choice that has an option left, taken the next way.
            var choices = run.choices
            while let last = choices.last, last.chosen + 1 >= last.count { choices.removeLast() }
            guard let last = choices.popLast() else { break }
            prefix = choices.map(\.chosen) + [last.chosen + 1]
        }
        return paths
    }
}

extension FlowRun {
    /// Runs the flow from its start, with its parameters unknown, and returns the path it took.
    func start(_ function: FlowFunction) -> FlowPath {
        guard let source = program.source(at: function.path) else {
            record.unfollowed = "the file cannot be read"
            return record
        }
        let module = module(for: source)
        do {
            guard let (closure, this) = try locate(function, in: module) else {
                record.unfollowed = "the function cannot be reached"
                return record
            }
            var arguments: [FlowValue] = []
            if let parameters = closure.node.child(byField: .parameters) {
                for parameter in parameters.namedChildren where !parameter.is(.comment) {
                    let name = parameter.child(byField: .pattern)?.text ?? parameter.text
                    arguments.append(.unknown(Self.shorten(Self.compact(name))))
                }
            } else if let single = closure.node.child(byField: .parameter) {
                arguments.append(.unknown(single.text))
            }
            let body = closure.node.child(byField: .body)
            let value: FlowValue
            let exitNode: Node?
            if let body, body.is(.statementBlock) {
                let scope = Scope(parent: closure.scope, module: closure.module)
                if !closure.node.is(.arrowFunction) { scope.this = this ?? .undefined }
                try bindParameters(of: closure.node, arguments, in: scope)
                switch try executeBlock(body, in: scope) {
                case let .returned(returned, statement):
                    value = returned
                    exitNode = statement
                    record.exit = line(of: statement)
                default:
                    value = .undefined
                    exitNode = nil
                    record.exit = body.tree.source.position(of: max(body.endByte - 1, body.startByte)).line
                }
            } else if let body {
                let scope = Scope(parent: closure.scope, module: closure.module)
                try bindParameters(of: closure.node, arguments, in: scope)
                value = try evaluate(body, in: scope)
                exitNode = body
                record.exit = line(of: body)
            } else {
                value = .undefined
                exitNode = nil
            }
            record.returns = returnValue(value, exitNode)
            if let exitNode { step(exitNode, .exit, label: record.returns.description, "the flow returns \(record.returns.description) here") }
        } catch let FlowSignal.unfollowed(reason) {
            record.unfollowed = reason
        } catch let FlowSignal.thrown(error) {
            record.returns = .thrown(describe(error))
            record.exit = nil
        } catch {
            record.unfollowed = "\(error)"
        }
        return record
    }

    func returnValue(_ value: FlowValue, _ node: Node?) -> FlowReturn {
        switch value {
        case let .bool(flag): return .bool(flag)
        case .undefined, .null: return .null
        case let .string(text): return .string(text)
        case .token: return .token
        case let .unknown(code): return .unknown(code)
        case let .object(box) where box.properties["status"] != nil && box.properties["canAskAgain"] != nil:
            return .unknown(FlowReturn.permissionResponse)
        default:
            let code = node.map { statement -> String in
                let expression = statement.is(.returnStatement) ? statement.namedChildren.first ?? statement : statement
                return Self.shorten(Self.compact(expression.text), to: 60)
            }
            return .unknown(code ?? describe(value))
        }
    }

    /// The function value a flow's name denotes, with its `this`.
    func locate(_ function: FlowFunction, in module: ModuleInstance) throws -> (Closure, FlowValue?)? {
        let source = module.source
        guard let nameNode = source.tree.root.descendant(spanning: function.nameRange) else { return nil }
        let simpleName = String(function.name.split(separator: ".").last ?? "")
        switch function.owner {
        case let .classDeclaration(className):
            if case let .classRef(info)? = try moduleValue(className, in: module) {
                if let method = Self.method(named: simpleName, in: info, static: true) {
                    return (Closure(node: method, scope: info.scope, this: .classRef(info), module: module), .classRef(info))
                }
                let instance = try construct(info, [], at: nil)
                if case let .closure(closure) = try member(instance, simpleName, optional: true, at: nameNode) { return (closure, instance) }
            }
            return nil
        case let .object(objectName):
            guard let object = try moduleValue(objectName, in: module) else { return nil }
            if case let .closure(closure) = try member(object, simpleName, optional: true, at: nameNode) { return (closure, object) }
            return nil
        case nil:
            // A top-level function, or one nested in another (its outer variables are unknown).
            if let functionNode = source.tree.root.descendant(spanning: function.range), Self.isFunctionNode(functionNode),
               !Self.isTopLevel(functionNode) {
                return (Closure(node: functionNode, scope: Scope(parent: module.scope, module: module), this: nil, module: module), nil)
            }
            if case let .closure(closure)? = try moduleValue(simpleName, in: module) { return (closure, nil) }
            if let functionNode = source.tree.root.descendant(spanning: function.range), Self.isFunctionNode(functionNode) {
                return (Closure(node: functionNode, scope: module.scope, this: nil, module: module), nil)
            }
            return nil
        }
    }

    static func isFunctionNode(_ node: Node) -> Bool {
        switch node.nodeKind {
        case .functionDeclaration, .generatorFunctionDeclaration, .arrowFunction, .functionExpression, .generatorFunction, .methodDefinition: return true
        default: return false
        }
    }

    static func isTopLevel(_ node: Node) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if ancestor.is(.program) { return true }
            if isFunctionNode(ancestor) || ancestor.is(.classBody) { return false }
            current = ancestor.parent
        }
        return true
    }
}
