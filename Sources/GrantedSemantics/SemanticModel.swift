import Foundation
import GrantedSyntax

/// What the engine knows about one file beyond its syntax: scopes and bindings, which identifiers
/// denote expo-notifications, and (in `SymbolicValue`) what permission data an expression holds.
/// Built once per file, on first use, and shared by all rules.
public final class SemanticModel {
    public static let expoNotificationsModule = "expo-notifications"

    public let tree: SyntaxTree
    public let path: String
    /// The project's cross-file index, when the linter has one.
    public let project: ProjectIndex?

    struct Scope {
        let node: Node
        let parent: Int?
        var bindings: [String: Int] = [:]
        let isFunction: Bool
    }

    public enum PathStep: Hashable {
        case property(String)
        case index(Int)
        /// `...rest` in a pattern: nothing is known of it.
        case rest
    }

    public enum Declaration {
        case importNamespace(module: String)
        case importDefault(module: String)
        case importNamed(module: String, name: String)
        /// `const <pattern> = initializer`, the binding reached through `path` in the pattern.
        case variable(initializer: Node?, path: [PathStep])
        case parameter(function: Node, index: Int, path: [PathStep], parameter: Node)
        /// `for (const <pattern> of list)`: an element of the loop statement's `right`, through `path`.
        case loopElement(statement: Node, path: [PathStep])
        case function(Node)
        case other
    }

    public struct Binding {
        public let name: String
        public let nameNode: Node
        public let declaration: Declaration
        /// Every later write to the binding (`name = value`, `({ name } = value)`, `name += 1`, `name++`,
        /// `for (name of list)`), in document order; `ValueFlow.swift` picks those that reach a use.
        public internal(set) var writes: [Write] = []
    }

    private(set) var scopes: [Scope] = []
    private var scopeIndexByNode: [NodeID: Int] = [:]
    public private(set) var bindings: [Binding] = []
    /// Names declared by destructuring a `granted` property: the only way a plain identifier can
    /// hold a fresh granted value (a cheap test before resolving every identifier of a file).
    public private(set) var grantedBindingNames = Set<String>()
    /// Return statements (their argument) by the function that owns them.
    private(set) var returnsByFunction: [NodeID: [Node]] = [:]
    /// Call expressions, in document order; rules and queries look for API calls among them.
    public private(set) var calls: [Node] = []
    /// Comparison-like expressions (binary expressions and `.includes` calls) by owning function.
    private(set) var comparisons: [Node] = []
    /// Writes to a property of `this` (`this.notifications ??= await import(…)`), in document order:
    /// what a class keeps in a field (`ModuleLoaders.swift`).
    private(set) var thisPropertyWrites: [ThisPropertyWrite] = []
    private var memberAccessesOfGrantedCount = 0

    var valueCache: [NodeID: SymbolicValue] = [:]
    /// `permissionRequest(_:)` by call: most rules ask it of every call.
    var permissionRequestCache: [NodeID: PermissionRequestCall?] = [:]
    var bindingValueCache: [Int: SymbolicValue] = [:]
    var declarationValueCache: [Int: SymbolicValue] = [:]
    var evaluatingDeclarations: Set<Int> = []
    var evaluating: Set<NodeID> = []
    var evaluatingBindings: Set<Int> = []
    var awarenessByFunction: [NodeID: Bool]?
    /// Functions that contain a provisional test of their own (filled while computing awareness).
    var directlyAwareFunctions = Set<NodeID>()
    var behaviorObjectsCache: Set<NodeID>?
    var handlerFunctionsCache: [Node]?
    var platformRangesCache: [(Range<Int>, PlatformSet)]?
    /// The arguments of every call of a function, when only this file's calls by name reach it
    /// (`ModuleLoaders.swift`), by function; nil inside when something else may call it.
    var everyCallArgumentsCache: [NodeID: [[Node]]?] = [:]
    /// Branch and loop regions of each function body (see `ValueFlow.swift`), built on first use.
    var flowRegionsCache: [NodeID: FlowRegions] = [:]
    /// The reads of each binding (see `PermissionQueries+DerivedValues.swift`), built on first use.
    var referencesCache: [Int: [Node]]?
    /// What a rule computes once per file and shares between its findings (the one fix that repairs
    /// all the decisions of a function), under keys the rule chooses.
    public var ruleMemo: [String: Any] = [:]

    /// Whether the file imports or requires expo-notifications at all.
    public private(set) var importsExpoNotifications = false
    /// Whether the file imports another notification library (Firebase messaging, Notifee).
    public private(set) var importsNotificationLibrary = false
    /// Whether the file imports react-native-permissions (whose requests the model knows, not its
    /// statuses).
    public private(set) var importsPermissionsLibrary = false
    /// Whether the file imports permission data from another file of the project (resolved on first
    /// use, so that building a model never summarises other files by itself).
    public var importsProjectPermissionCode: Bool {
        if let cached = importsProjectPermissionCodeCache { return cached }
        let result = project.map { project in
            relativeImports.contains { project.exports(ofModule: $0, importedFrom: path) != nil }
        } ?? false
        importsProjectPermissionCodeCache = result
        return result
    }

    private var importsProjectPermissionCodeCache: Bool?
    /// Relative module specifiers this file imports.
    private var relativeImports: [String] = []

    /// Whether the file uses expo-notifications: imports it, or imports it through a module of the
    /// project (`import Notifications from '../lib/expoNotifications'`, a file that re-exports it or
    /// exports it as its default, even as `require(…)` or `null`, or a loader function that returns it).
    public var usesExpoNotifications: Bool {
        if importsExpoNotifications { return true }
        if let cached = usesExpoThroughProjectCache { return cached }
        var result = false
        if let project {
            outer: for module in relativeImports {
                guard let exports = project.exports(ofModule: module, importedFrom: path) else { continue }
                for exported in exports.values where exported.handsOnExpoNotifications {
                    result = true
                    break outer
                }
            }
        }
        usesExpoThroughProjectCache = result
        return result
    }

    private var usesExpoThroughProjectCache: Bool?

    /// Whether any rule about permissions can find something here.
    public var mayHavePermissionCode: Bool {
        importsExpoNotifications || importsNotificationLibrary || importsProjectPermissionCode || readsProjectStore
    }

    /// Whether the file names a store that holds a permission value (`StoreCells.swift`).
    public var readsProjectStore: Bool {
        if let cached = readsProjectStoreCache { return cached }
        let result = project.map { project in project.hasStores && project.storeRootNames.contains { tree.source.contains($0) } } ?? false
        readsProjectStoreCache = result
        return result
    }

    private var readsProjectStoreCache: Bool?
    /// `StoreCells.swift`: this file's store fields by its own writes.
    var localStoreCellsCache: [String: StoreCellValue?]?
    var storeWritesCache: [(key: String, value: StoreCellValue)]?
    /// Set while the store writes are computed: reads of stores are not followed meanwhile.
    var computingStoreWrites = false

    /// - Parameter visiting: sees every node of the tree in document order, during the one walk
    ///   that builds the model (so that the linter need not walk the tree a second time).
    ///   - depthLimit: the build stops (and `isTooDeep` is set) when the tree nests deeper.
    public init(tree: SyntaxTree, path: String, project: ProjectIndex? = nil, visiting: ((Node) -> Void)? = nil, depthLimit: Int = .max) {
        self.tree = tree
        self.path = path
        self.project = project
        build(visiting: visiting, depthLimit: depthLimit)
    }

    /// The tree nests deeper than the build's limit: the model is incomplete and must not be used.
    public private(set) var isTooDeep = false

    /// The node kinds `build` looks at; by symbol, per grammar (most nodes are none of them, and a
    /// symbol test is far cheaper than comparing kind names).
    private static let builderKinds: Set<NodeKind> = [
        .statementBlock, .forStatement, .forInStatement, .catchClause, .classBody, .switchBody,
        .functionDeclaration, .generatorFunctionDeclaration, .functionExpression, .generatorFunction,
        .arrowFunction, .methodDefinition, .classDeclaration, .abstractClassDeclaration, .importStatement,
        .variableDeclarator, .assignmentExpression, .augmentedAssignmentExpression, .updateExpression,
        .returnStatement, .callExpression, .binaryExpression, .switchCase,
    ]
    private static let builderSymbolsLock = NSLock()
    nonisolated(unsafe) private static var builderSymbolsByGrammar: [Grammar: [Bool]] = [:]

    private static func builderSymbols(for tree: SyntaxTree) -> [Bool] {
        builderSymbolsLock.lock()
        defer { builderSymbolsLock.unlock() }
        if let known = builderSymbolsByGrammar[tree.grammar] { return known }
        let symbols = tree.nodeKindsBySymbol.map { builderKinds.contains($0) }
        builderSymbolsByGrammar[tree.grammar] = symbols
        return symbols
    }

    // MARK: - Building

    private func build(visiting: ((Node) -> Void)?, depthLimit: Int) {
        let interesting = Self.builderSymbols(for: tree)
        var scopeStack: [Int] = []
        var functionStack: [Node] = []
        var pendingWrites: [(target: Node, write: Write)] = []

        let root = tree.root
        scopes.append(Scope(node: root, parent: nil, isFunction: true))
        scopeIndexByNode[root.id] = 0
        scopeStack.append(0)

        isTooDeep = !tree.walkWithParents(depthLimit: depthLimit) { node, parent in
            visiting?(node)
            let symbol = node.symbol
            guard symbol < interesting.count, interesting[symbol] else { return true }
            // Leave the scopes and functions that ended before this node.
            while scopeStack.count > 1, scopes[scopeStack.last!].node.endByte <= node.startByte {
                scopeStack.removeLast()
            }
            while let last = functionStack.last, last.endByte <= node.startByte {
                functionStack.removeLast()
            }
            let kind = node.nodeKind
            switch kind {
            case .statementBlock, .forStatement, .forInStatement, .catchClause, .classBody,
                 .switchBody:
                if parent.map({ Syntax.functionKinds.contains($0.nodeKind) }) == true { break }
                openScope(node, isFunction: false, stack: &scopeStack)
                // `catch (error)`: the parameter belongs to the clause and shadows outer names.
                if kind == .catchClause, let parameter = node.child(byField: .parameter) {
                    declarePattern(parameter, in: scopeStack.last!) { _ in .other }
                }
                if kind == .forInStatement, let left = node.child(byField: .left) {
                    if let declarationKind = node.child(byField: .kind) {
                        // `for (const r of requests)`: r is a fresh binding of the loop (a `var`
                        // belongs to the function).
                        let scope = declarationKind.textEquals("var") ? nearestFunctionScope(scopeStack) : scopeStack.last!
                        declarePattern(left, in: scope) { path in .loopElement(statement: node, path: path) }
                    } else {
                        // `for (r of requests)` writes an outer variable on each iteration.
                        for (target, _) in Self.patternTargets(left) {
                            pendingWrites.append((target, Write(node: left, target: target, value: nil, path: [])))
                        }
                    }
                }
            case .functionDeclaration, .generatorFunctionDeclaration:
                if let name = node.child(byField: .name) {
                    declare(name.text, nameNode: name, .function(node), in: scopeStack.last!)
                }
                openScope(node, isFunction: true, stack: &scopeStack)
                functionStack.append(node)
                declareParameters(of: node, in: scopeStack.last!)
            case .functionExpression, .generatorFunction, .arrowFunction, .methodDefinition:
                openScope(node, isFunction: true, stack: &scopeStack)
                functionStack.append(node)
                if kind != .methodDefinition, kind != .arrowFunction, let name = node.child(byField: .name) {
                    declare(name.text, nameNode: name, .function(node), in: scopeStack.last!)
                }
                declareParameters(of: node, in: scopeStack.last!)
                if kind == .arrowFunction, let body = node.child(byField: .body), body.nodeKind != .statementBlock {
                    returnsByFunction[node.id, default: []].append(body)
                }
            case .classDeclaration, .abstractClassDeclaration:
                if let name = node.child(byField: .name) {
                    declare(name.text, nameNode: name, .function(node), in: scopeStack.last!)
                }
            case .importStatement:
                declareImport(node, in: scopeStack.last!)
            case .variableDeclarator:
                let isVar = parent?.nodeKind == .variableDeclaration
                let scope = isVar ? nearestFunctionScope(scopeStack) : scopeStack.last!
                if let name = node.child(byField: .name) {
                    let value = node.child(byField: .value)
                    declarePattern(name, in: scope) { path in .variable(initializer: value, path: path) }
                    if let value, isRequireOfExpo(value) { importsExpoNotifications = true }
                }
            case .assignmentExpression:
                // `x = value`, and destructuring `({ status: x } = value)` / `[x] = value`.
                if let left = node.child(byField: .left), let right = node.child(byField: .right),
                   [.identifier, .objectPattern, .arrayPattern].contains(left.nodeKind) {
                    for (target, path) in Self.patternTargets(left) {
                        pendingWrites.append((target, Write(node: node, target: target, value: right, path: path)))
                    }
                }
                if let write = ThisPropertyWrite(node) { thisPropertyWrites.append(write) }
            case .augmentedAssignmentExpression:
                if let left = node.child(byField: .left), left.is(.identifier) {
                    if let right = Self.logicalAssignmentValue(node) {
                        // `x ??= value`, `x ||= value`: the value may be written, where the right
                        // operand runs (a branch of its own, `ValueFlow.swift`).
                        pendingWrites.append((left, Write(node: right, target: left, value: right, path: [])))
                    } else {
                        // `x += 1`: a write whose value the model does not follow.
                        pendingWrites.append((left, Write(node: node, target: left, value: nil, path: [])))
                    }
                }
                if let write = ThisPropertyWrite(node) { thisPropertyWrites.append(write) }
            case .updateExpression:
                if let argument = node.child(byField: .argument), argument.is(.identifier) {
                    pendingWrites.append((argument, Write(node: node, target: argument, value: nil, path: [])))
                }
            case .returnStatement:
                if let function = functionStack.last, let argument = node.namedChildren.first(where: { $0.nodeKind != .comment }) {
                    returnsByFunction[function.id, default: []].append(argument)
                }
            case .callExpression:
                calls.append(node)
                if let callee = node.child(byField: .function),
                   callee.is(.import) || callee.is(.identifier) && callee.textEquals("require"),
                   let argument = node.child(byField: .arguments)?.namedChild(0),
                   let module = Syntax.stringValue(argument) {
                    if module == SemanticModel.expoNotificationsModule { importsExpoNotifications = true }
                    if NotificationLibrary(module: module) != nil { importsNotificationLibrary = true }
                    if module == SemanticModel.permissionsModule { importsPermissionsLibrary = true }
                    if module.hasPrefix(".") { relativeImports.append(module) }
                }
            case .binaryExpression, .switchCase:
                comparisons.append(node)
            default:
                break
            }
            return true
        }

        for pending in pendingWrites {
            if let index = resolve(name: pending.target.text, at: pending.target) {
                bindings[index].writes.append(pending.write)
            }
        }
    }

    private func openScope(_ node: Node, isFunction: Bool, stack: inout [Int]) {
        let index = scopes.count
        scopes.append(Scope(node: node, parent: stack.last, isFunction: isFunction))
        scopeIndexByNode[node.id] = index
        stack.append(index)
    }

    private func nearestFunctionScope(_ stack: [Int]) -> Int {
        for index in stack.reversed() where scopes[index].isFunction { return index }
        return 0
    }

    private func declare(_ name: String, nameNode: Node, _ declaration: Declaration, in scope: Int) {
        switch declaration {
        case let .variable(_, path), let .parameter(_, _, path, _), let .loopElement(_, path):
            if path.last == .property("granted") { grantedBindingNames.insert(name) }
        default:
            break
        }
        let index = bindings.count
        bindings.append(Binding(name: name, nameNode: nameNode, declaration: declaration))
        // The first declaration wins: a later `var x` redeclaration does not hide the first.
        if scopes[scope].bindings[name] == nil { scopes[scope].bindings[name] = index }
    }

    private func declareParameters(of function: Node, in scope: Int) {
        if let single = function.child(byField: .parameter) {
            declare(single.text, nameNode: single, .parameter(function: function, index: 0, path: [], parameter: single), in: scope)
            return
        }
        guard let parameters = function.child(byField: .parameters) else { return }
        var index = 0
        for parameter in parameters.namedChildren {
            switch parameter.nodeKind {
            case .requiredParameter, .optionalParameter:
                if let pattern = parameter.child(byField: .pattern) ?? parameter.child(byField: .name) {
                    let position = index
                    declarePattern(pattern, in: scope) { path in
                        .parameter(function: function, index: position, path: path, parameter: parameter)
                    }
                }
                index += 1
            case .identifier, .objectPattern, .arrayPattern, .assignmentPattern, .restPattern:
                let position = index
                declarePattern(parameter, in: scope) { path in
                    .parameter(function: function, index: position, path: path, parameter: parameter)
                }
                index += 1
            default:
                continue
            }
        }
    }

    /// Declares every identifier in a binding pattern, with the path that leads to it.
    private func declarePattern(_ pattern: Node, in scope: Int, _ make: ([PathStep]) -> Declaration) {
        for (node, path) in Self.patternTargets(pattern) {
            declare(node.text, nameNode: node, make(path), in: scope)
        }
    }

    /// The identifiers a binding or assignment pattern names, each with the path that leads to it
    /// from the value being destructured.
    static func patternTargets(_ pattern: Node) -> [(Node, [PathStep])] {
        var targets: [(Node, [PathStep])] = []
        var work: [(Node, [PathStep])] = [(pattern, [])]
        while let (node, path) = work.popLast() {
            switch node.nodeKind {
            case .identifier, .shorthandPropertyIdentifierPattern:
                targets.append((node, path))
            case .objectPattern:
                for child in node.namedChildren {
                    switch child.nodeKind {
                    case .shorthandPropertyIdentifierPattern:
                        work.append((child, path + [.property(child.text)]))
                    case .pairPattern:
                        if let key = child.child(byField: .key), let value = child.child(byField: .value) {
                            let step: PathStep = Syntax.propertyName(key).map { .property($0) } ?? .rest
                            work.append((value, path + [step]))
                        }
                    case .objectAssignmentPattern:
                        if let left = child.child(byField: .left) {
                            if left.is(.shorthandPropertyIdentifierPattern) {
                                targets.append((left, path + [.property(left.text)]))
                            } else {
                                work.append((left, path))
                            }
                        }
                    case .restPattern:
                        if let inner = child.namedChild(0) { work.append((inner, path + [.rest])) }
                    default:
                        continue
                    }
                }
            case .arrayPattern:
                // Positions count commas, so holes (`[, request]`) keep the indexes right.
                var position = 0
                for child in node.children {
                    if !child.isNamed {
                        if child.is(.comma) { position += 1 }
                        continue
                    }
                    if child.is(.comment) { continue }
                    if child.is(.restPattern) {
                        if let inner = child.namedChild(0) { work.append((inner, path + [.rest])) }
                    } else {
                        work.append((child, path + [.index(position)]))
                    }
                }
            case .assignmentPattern:
                if let left = node.child(byField: .left) { work.append((left, path)) }
            case .restPattern:
                if let inner = node.namedChild(0) { work.append((inner, path + [.rest])) }
            default:
                continue
            }
        }
        // Document order (the work list pops the last pushed first).
        return targets.sorted { $0.0.startByte < $1.0.startByte }
    }

    private func declareImport(_ node: Node, in scope: Int) {
        guard let source = node.child(byField: .source), let module = Syntax.stringValue(source) else { return }
        if module == SemanticModel.expoNotificationsModule { importsExpoNotifications = true }
        if NotificationLibrary(module: module) != nil || module == NotificationLibrary.firebaseAppModule { importsNotificationLibrary = true }
        if module == SemanticModel.permissionsModule { importsPermissionsLibrary = true }
        if module.hasPrefix(".") { relativeImports.append(module) }
        for child in node.namedChildren {
            if child.is(.importRequireClause) {
                // `import N = require('expo-notifications')`
                if let name = child.namedChild(0), name.is(.identifier) {
                    declare(name.text, nameNode: name, .importNamespace(module: module), in: scope)
                }
                continue
            }
            guard child.is(.importClause) else { continue }
            for part in child.namedChildren {
                switch part.nodeKind {
                case .identifier:
                    declare(part.text, nameNode: part, .importDefault(module: module), in: scope)
                case .namespaceImport:
                    if let name = part.namedChildren.first(where: { $0.is(.identifier) }) {
                        declare(name.text, nameNode: name, .importNamespace(module: module), in: scope)
                    }
                case .namedImports:
                    for specifier in part.namedChildren where specifier.is(.importSpecifier) {
                        guard let name = specifier.child(byField: .name) else { continue }
                        let imported = Syntax.propertyName(name) ?? name.text
                        let local = specifier.child(byField: .alias) ?? name
                        declare(local.text, nameNode: local, .importNamed(module: module, name: imported), in: scope)
                    }
                default:
                    continue
                }
            }
        }
    }

    private func isRequireOfExpo(_ value: Node) -> Bool {
        var node = Syntax.unwrap(value)
        if node.is(.awaitExpression), let inner = node.namedChild(0) { node = Syntax.unwrap(inner) }
        guard node.is(.callExpression), let callee = node.child(byField: .function),
              callee.is(.identifier) && callee.textEquals("require") || callee.is(.import),
              let argument = node.child(byField: .arguments)?.namedChild(0) else { return false }
        return Syntax.stringValue(argument) == SemanticModel.expoNotificationsModule
    }

    // MARK: - Resolution

    /// The innermost scope whose node contains `node`. Found by byte ranges, not by climbing
    /// parents: tree-sitter finds a node's parent by searching down from the root, which is slow on
    /// files with very many statements.
    func scopeIndex(containing node: Node) -> Int {
        if let index = scopeIndexByNode[node.id] { return index }
        let start = node.startByte
        let end = node.endByte
        // Scopes were created in document order: the last one starting at or before `node`…
        var low = 0
        var high = scopes.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if scopes[middle].node.startByte <= start { low = middle } else { high = middle - 1 }
        }
        // …or one of its ancestors is the innermost that contains it.
        var candidate: Int? = low
        while let index = candidate {
            let scopeNode = scopes[index].node
            if scopeNode.startByte <= start && end <= scopeNode.endByte { return index }
            candidate = scopes[index].parent
        }
        return 0
    }

    /// The binding a name refers to at `node`, searching outward through the scopes.
    public func resolve(name: String, at node: Node) -> Int? {
        var scope: Int? = scopeIndex(containing: node)
        while let index = scope {
            if let binding = scopes[index].bindings[name] { return binding }
            scope = scopes[index].parent
        }
        return nil
    }

    /// The name of a module-level binding whose value satisfies `predicate` (for fixes that need to
    /// name an enum that is in scope).
    public func moduleLevelName(where predicate: (SymbolicValue) -> Bool) -> String? {
        for (name, index) in scopes[0].bindings.sorted(by: { $0.key < $1.key }) where predicate(value(ofBinding: index)) {
            return name
        }
        return nil
    }

    /// The binding an identifier refers to.
    public func binding(of identifier: Node) -> Binding? {
        resolve(name: identifier.text, at: identifier).map { bindings[$0] }
    }

    /// The function (or method, or arrow) that directly contains `node`; nil at module level.
    public func enclosingFunction(of node: Node) -> Node? {
        // Through the scope tree (byte ranges), not node parents: see `scopeIndex(containing:)`.
        var index: Int? = scopeIndex(containing: node)
        if let current = index, scopes[current].node.id == node.id { index = scopes[current].parent }
        while let current = index {
            let scopeNode = scopes[current].node
            if scopes[current].isFunction, Syntax.functionKinds.contains(scopeNode.nodeKind) { return scopeNode }
            index = scopes[current].parent
        }
        return nil
    }

    /// Values a function returns (return arguments, or an arrow's expression body).
    public func returnedExpressions(of function: Node) -> [Node] {
        returnsByFunction[function.id] ?? []
    }

    /// Whether `identifier` is a reference to a variable (not a declaration, a property name or a
    /// label).
    public func isReference(_ identifier: Node) -> Bool {
        guard let parent = identifier.parent else { return false }
        switch parent.nodeKind {
        case .pairPattern, .arrayPattern, .objectPattern, .restPattern, .requiredParameter,
             .optionalParameter, .formalParameters, .importSpecifier, .namespaceImport,
             .importClause, .exportSpecifier, .labeledStatement, .breakStatement,
             .continueStatement, .functionDeclaration, .classDeclaration, .functionExpression,
             .generatorFunctionDeclaration, .catchClause, .importRequireClause:
            return false
        case .variableDeclarator:
            return parent.child(byField: .name)?.id != identifier.id
        case .assignmentPattern, .assignmentExpression:
            return parent.child(byField: .left)?.id != identifier.id
        case .arrowFunction:
            return parent.child(byField: .parameter)?.id != identifier.id
        default:
            return true
        }
    }
}
