import GrantedSyntax

/// What an application store's field holds, by the writes of it the project shows.
public enum StoreCellValue: Sendable, Equatable {
    case rootStatus
    case granted
    /// A whole permission response (a helper's parameter, `HelperArguments.swift`).
    case permissionResponse
    /// Anything else (a literal, a value the model cannot follow): the field is not a status.
    case other
    /// What a Redux action carries (`state.status = action.payload` in its reducer): whatever the
    /// project dispatches with it (key `redux-action:<name>`).
    case payload(of: String)

    /// What each store field holds, from every file's writes: a field's kind when all its writes
    /// agree on a root status (or granted), nil otherwise. A reducer's `payload(of:)` is what the
    /// action is dispatched with (`redux-action:<name>` writes).
    static func cells(from files: [[(key: String, value: StoreCellValue)]]) -> [String: StoreCellValue?] {
        var payloads: [String: StoreCellValue?] = [:]
        var cells: [String: StoreCellValue?] = [:]
        func merge(_ table: inout [String: StoreCellValue?], _ key: String, _ value: StoreCellValue?) {
            let value = value == .other ? nil : value
            if let known = table[key] {
                if known != value { table[key] = .some(nil) }
            } else {
                table[key] = .some(value)
            }
        }
        for writes in files {
            for (key, value) in writes where key.hasPrefix("redux-action:") {
                merge(&payloads, String(key.dropFirst("redux-action:".count)), value)
            }
        }
        for writes in files {
            for (key, value) in writes where !key.hasPrefix("redux-action:") {
                if case let .payload(action) = value { merge(&cells, key, payloads[action] ?? nil) } else { merge(&cells, key, value) }
            }
        }
        return cells
    }
}

/// Permission state kept in an application store and read elsewhere: a Legend-State observable
/// (`settings$.local.permissionStatus.set(status)` / `.get()`, `.peek()`, `use$(…)`), a zustand
/// store (`set({ status })` in `create(…)`, `useStore.setState`, `useStore((s) => s.status)`,
/// `useStore.getState().status`) and a jotai atom (`useSetAtom(atom)`, `useAtom(atom)`,
/// `useAtomValue(atom)`, `get(atom)`). A store field is named by a key that every file spells the
/// same way (the observable's member chain, the store hook's name and the field, the atom's name);
/// the project index keeps what each file writes into each key (`ProjectIndex.recordStoreWrites`).
extension SemanticModel {
    // MARK: - Writes

    /// Every store write of this file: the key and what is written. Computed once, before any
    /// store is read (a write's value is never itself read from a store).
    public func storeWrites() -> [(key: String, value: StoreCellValue)] {
        if let cached = storeWritesCache { return cached }
        computingStoreWrites = true
        let writes = computeStoreWrites()
        computingStoreWrites = false
        storeWritesCache = writes
        return writes
    }

    /// Text a file that writes a store contains.
    static let storeWriteNeedles = ["set(", "setState(", "useSetAtom", "useAtom", "createSlice", "createAsyncThunk", "dispatch(", "put(", ".Provider"]

    private func computeStoreWrites() -> [(key: String, value: StoreCellValue)] {
        let source = tree.source
        // What this file hands the project's helpers (`HelperArguments.swift`).
        let helperWrites = helperArgumentWrites()
        guard Self.storeWriteNeedles.contains(where: { source.contains($0) }) else { return helperWrites }
        let mayUseAtoms = source.contains("useSetAtom") || source.contains("useAtom")
        var writes: [(String, StoreCellValue)] = helperWrites
        func kind(_ node: Node?) -> StoreCellValue {
            guard let node else { return .other }
            var written = value(of: node)
            if written.isUnknown {
                // A callback's parameter (`.then(({ status }) => setStatus(status))`), a variable
                // written on several paths: what every definition reaching it holds.
                let possible = possibleValues(of: node)
                if !possible.isEmpty, possible.allSatisfy(\.isRootStatus) { written = possible[0] }
                else if !possible.isEmpty, possible.allSatisfy(\.isGranted) { written = possible[0] }
            }
            // A root status that a provisional-aware helper passes through on some path
            // (`toStoredStatus(settings)` maps PROVISIONAL to 'granted') is the app's own word.
            if written.isRootStatus || written.isGranted, comesFromProvisionalAwareFunction(node) { return .other }
            if written.isRootStatus { return .rootStatus }
            if written.isGranted { return .granted }
            return .other
        }
        for call in calls {
            guard let callee = call.child(byField: .function).map(Syntax.unwrap) else { continue }
            let arguments = call.child(byField: .arguments)?.namedChildren.filter { $0.nodeKind != .comment } ?? []
            if callee.is(.memberExpression), let property = callee.child(byField: .property), let object = callee.child(byField: .object) {
                // Legend-State: `settings$.local.permissionStatus.set(status)`.
                if property.textEquals("set"), let key = observableKey(object), let first = arguments.first {
                    writes.append((key, kind(first)))
                    continue
                }
                // zustand: `useNotificationStore.setState({ status })`.
                if property.textEquals("setState"), Syntax.unwrap(object).is(.identifier), let first = arguments.first {
                    let store = Syntax.unwrap(object).text
                    for (field, value) in stateFields(first) { writes.append(("zustand:\(store).\(field)", kind(value))) }
                    continue
                }
                // jotai's store: `store.set(permissionAtom, status)`.
                if property.textEquals("set"), arguments.count == 2, let atom = atomName(arguments[0]) {
                    writes.append(("atom:\(atom)", kind(arguments[1])))
                }
                continue
            }
            guard callee.is(.identifier) else { continue }
            // zustand: the `set` of `create((set) => ({ … }))`.
            if callee.textEquals("set"), let store = zustandStore(settingWith: callee), let first = arguments.first {
                for (field, value) in stateFields(first) { writes.append(("zustand:\(store).\(field)", kind(value))) }
                continue
            }
            // jotai: a setter from `useSetAtom(atom)` or `useAtom(atom)[1]`; `set(atom, value)` in a
            // write atom.
            if mayUseAtoms, let atom = atomSetter(callee), let first = arguments.first {
                writes.append(("atom:\(atom)", kind(first)))
            } else if callee.textEquals("set"), arguments.count == 2, let atom = atomName(arguments[0]) {
                writes.append(("atom:\(atom)", kind(arguments[1])))
            } else if callee.textEquals("createSlice"), let options = arguments.first {
                writes += sliceWrites(options)
            } else if callee.textEquals("createAsyncThunk"), arguments.count >= 2,
                      let (declarator, _) = Syntax.outerContext(of: call), declarator.is(.variableDeclarator),
                      let name = declarator.child(byField: .name), name.is(.identifier) {
                // The thunk's payload is what its function resolves to.
                let function = Syntax.unwrap(arguments[1])
                for returned in returnedExpressions(of: function) { writes.append(("redux-action:\(name.text)", kind(returned))) }
            }
            // Redux: `dispatch(setPermission(status))`, redux-saga's `put(setPermission(status))`.
            if callee.textEquals("dispatch") || callee.textEquals("put"), let action = arguments.first.map(Syntax.unwrap),
               action.is(.callExpression), let creator = action.child(byField: .function).map(Syntax.unwrap) {
                let name = creator.is(.memberExpression) ? creator.child(byField: .property)?.text : creator.text
                let payload = action.child(byField: .arguments)?.namedChildren.first { $0.nodeKind != .comment }
                if let name, let payload { writes.append(("redux-action:\(name)", kind(payload))) }
            }
        }
        // React context: `<PushContext.Provider value={{ status }}>`.
        if tree.source.contains(".Provider") {
            tree.walk { node in
                guard node.is(.jsxOpeningElement) || node.is(.jsxSelfClosingElement) else { return true }
                guard let name = node.child(byField: .name).map(Syntax.unwrap), name.is(.memberExpression),
                      name.child(byField: .property)?.textEquals("Provider") == true,
                      let context = name.child(byField: .object).map(Syntax.unwrap), context.is(.identifier) else { return true }
                for attribute in node.namedChildren where attribute.is(.jsxAttribute) {
                    guard attribute.namedChild(0)?.textEquals("value") == true,
                          let expression = attribute.namedChildren.last, expression.is(.jsxExpression),
                          let value = expression.namedChildren.first(where: { $0.nodeKind != .comment }) else { continue }
                    for (field, member) in contextFields(value) { writes.append(("context:\(context.text).\(field)", kind(member))) }
                }
                return true
            }
        }
        return writes
    }

    /// The members of a context's value: an object literal, directly, in a variable, or made by
    /// `useMemo(() => ({ … }))`.
    private func contextFields(_ value: Node) -> [(String, Node)] {
        var node = Syntax.unwrap(value)
        for _ in 0..<3 {
            if node.is(.identifier), let index = resolve(name: node.text, at: node),
               case let .variable(initializer?, path) = bindings[index].declaration, path.isEmpty {
                node = Syntax.unwrap(initializer)
            } else if node.is(.callExpression), node.child(byField: .function)?.text == "useMemo",
                      let factory = node.child(byField: .arguments)?.namedChildren.first(where: { $0.nodeKind != .comment }).map(Syntax.unwrap),
                      Syntax.functionKinds.contains(factory.nodeKind), let body = factory.child(byField: .body), !body.is(.statementBlock) {
                node = Syntax.unwrap(body)
            } else {
                break
            }
        }
        return stateFields(node)
    }

    /// A Redux Toolkit slice's writes: each reducer's `state.field = action.payload` is the field
    /// taking that action's payload (`reducers`, and `extraReducers`' `addCase(thunk.fulfilled, …)`).
    private func sliceWrites(_ options: Node) -> [(String, StoreCellValue)] {
        guard case let .literal(object) = resolveObject(options) else { return [] }
        let members = Syntax.objectMembers(object)
        guard let sliceName = members.first(where: { $0.name == "name" })?.value.flatMap(Syntax.stringValue) else { return [] }
        var writes: [(String, StoreCellValue)] = []
        func reducerWrites(_ function: Node, action: String) {
            let parameters = function.child(byField: .parameters)?.namedChildren.filter { $0.nodeKind != .comment } ?? []
            guard parameters.count >= 1 else { return }
            let stateName = (parameters[0].child(byField: .pattern) ?? parameters[0]).text
            let actionName = parameters.count > 1 ? (parameters[1].child(byField: .pattern) ?? parameters[1]).text : nil
            guard let body = function.child(byField: .body) else { return }
            var work = [body]
            while let node = work.popLast() {
                if node.is(.assignmentExpression), let left = node.child(byField: .left).map(Syntax.unwrap), left.is(.memberExpression),
                   left.child(byField: .object).map(Syntax.unwrap)?.textEquals(stateName) == true,
                   let field = left.child(byField: .property)?.text, let right = node.child(byField: .right).map(Syntax.unwrap) {
                    let carriesPayload = right.is(.memberExpression) && right.child(byField: .property)?.textEquals("payload") == true
                        && actionName.map { right.child(byField: .object).map(Syntax.unwrap)?.textEquals($0) == true } == true
                    writes.append(("redux:\(sliceName).\(field)", carriesPayload ? .payload(of: action) : .other))
                }
                if Syntax.functionKinds.contains(node.nodeKind), node.id != body.id { continue }
                work.append(contentsOf: node.namedChildren)
            }
        }
        if let reducers = members.first(where: { $0.name == "reducers" })?.value.map(Syntax.unwrap), reducers.is(.object) {
            for reducer in Syntax.objectMembers(reducers) {
                guard let name = reducer.name else { continue }
                let function = reducer.node.is(.methodDefinition) ? reducer.node : reducer.value.map(Syntax.unwrap)
                if let function, Syntax.functionKinds.contains(function.nodeKind) || function.is(.methodDefinition) {
                    reducerWrites(function, action: name)
                }
            }
        }
        if let extra = members.first(where: { $0.name == "extraReducers" }) {
            let root = extra.node.is(.methodDefinition) ? extra.node : (extra.value ?? extra.node)
            var work = [root]
            while let node = work.popLast() {
                if node.is(.callExpression), let callee = node.child(byField: .function).map(Syntax.unwrap), callee.is(.memberExpression),
                   callee.child(byField: .property)?.textEquals("addCase") == true {
                    let arguments = node.child(byField: .arguments)?.namedChildren.filter { $0.nodeKind != .comment } ?? []
                    if arguments.count == 2 {
                        let matcher = Syntax.unwrap(arguments[0])
                        // `fetchPermission.fulfilled` (a thunk) or `setPermission` (an action creator).
                        let action = matcher.is(.memberExpression) ? matcher.child(byField: .object).map(Syntax.unwrap)?.text : matcher.text
                        let function = Syntax.unwrap(arguments[1])
                        if let action, Syntax.functionKinds.contains(function.nodeKind) { reducerWrites(function, action: action) }
                    }
                }
                work.append(contentsOf: node.namedChildren)
            }
        }
        return writes
    }

    /// Whether a value is the result of a local function that tests for provisional authorization,
    /// called directly or through a variable it initialises.
    private func comesFromProvisionalAwareFunction(_ node: Node) -> Bool {
        var current = Syntax.unwrap(node)
        for _ in 0..<3 {
            if current.is(.awaitExpression), let inner = current.namedChildren.first(where: { $0.nodeKind != .comment }) {
                current = Syntax.unwrap(inner)
                continue
            }
            if current.is(.identifier), let index = resolve(name: current.text, at: current),
               case let .variable(initializer?, path) = bindings[index].declaration, path.isEmpty {
                current = Syntax.unwrap(initializer)
                continue
            }
            break
        }
        guard current.is(.callExpression), let callee = current.child(byField: .function),
              case let .localFunction(function) = value(of: callee), let body = function.child(byField: .body) else { return false }
        return isProvisionalAware(body)
    }

    /// The members of a state update: an object literal, or a function returning one
    /// (`set((state) => ({ status }))`).
    private func stateFields(_ update: Node) -> [(String, Node)] {
        var node = Syntax.unwrap(update)
        if Syntax.functionKinds.contains(node.nodeKind), let body = node.child(byField: .body) {
            node = Syntax.unwrap(body)
        }
        guard node.is(.object) else { return [] }
        return Syntax.objectMembers(node).compactMap { member in
            guard let name = member.name, !member.isSpread, member.node.nodeKind != .methodDefinition else { return nil }
            return member.value.map { (name, $0) }
        }
    }

    /// The zustand store whose `set` `callee` is: the first parameter of the function given to
    /// `create(…)` (or `create<T>()(…)`) that is assigned to the store hook.
    private func zustandStore(settingWith callee: Node) -> String? {
        guard let index = resolve(name: callee.text, at: callee),
              case let .parameter(function, 0, path, _) = bindings[index].declaration, path.isEmpty,
              let (arguments, _) = Syntax.outerContext(of: function), arguments.is(.arguments),
              let creator = arguments.parent, creator.is(.callExpression),
              let creatorCallee = creator.child(byField: .function).map(Syntax.unwrap) else { return nil }
        // `create(fn)` or `create<T>()(fn)`.
        let createName: Node? = creatorCallee.is(.callExpression) ? creatorCallee.child(byField: .function).map(Syntax.unwrap) : creatorCallee
        guard let createName, createName.textEquals("create") || createName.textEquals("createStore") else { return nil }
        var outer = creator
        while let parent = outer.parent, parent.is(.callExpression) || parent.is(.arguments) { outer = parent }
        guard let (declarator, _) = Syntax.outerContext(of: outer), declarator.is(.variableDeclarator),
              let name = declarator.child(byField: .name), name.is(.identifier) else { return nil }
        return name.text
    }

    /// The atom a setter variable writes: `const setStatus = useSetAtom(permissionAtom)`,
    /// `const [, setStatus] = useAtom(permissionAtom)`.
    private func atomSetter(_ callee: Node) -> String? {
        guard let index = resolve(name: callee.text, at: callee),
              case let .variable(initializer?, path) = bindings[index].declaration,
              let hook = Optional(Syntax.unwrap(initializer)), hook.is(.callExpression),
              let hookName = hook.child(byField: .function).map(Syntax.unwrap), hookName.is(.identifier),
              let atom = hook.child(byField: .arguments)?.namedChildren.first(where: { $0.nodeKind != .comment }).flatMap(atomName)
        else { return nil }
        if hookName.textEquals("useSetAtom"), path.isEmpty { return atom }
        if hookName.textEquals("useAtom"), path == [.index(1)] { return atom }
        return nil
    }

    /// An atom named by an identifier (`permissionAtom`, `pushStatusAtom`).
    private func atomName(_ node: Node) -> String? {
        let unwrapped = Syntax.unwrap(node)
        guard unwrapped.is(.identifier), unwrapped.text.hasSuffix("Atom") || unwrapped.text.hasSuffix("atom") else { return nil }
        return unwrapped.text
    }

    /// The key of a Legend-State observable: a member chain from an identifier ending in `$`
    /// (`settings$.local.permissionStatus`), spelled without optional chaining.
    func observableKey(_ node: Node) -> String? {
        var current = Syntax.unwrap(node)
        var names: [String] = []
        while current.is(.memberExpression), let property = current.child(byField: .property), let object = current.child(byField: .object) {
            names.append(property.text)
            current = Syntax.unwrap(object)
        }
        guard current.is(.identifier), current.text.hasSuffix("$"), !names.isEmpty else { return nil }
        return "legend:" + ([current.text] + names.reversed()).joined(separator: ".")
    }

    // MARK: - Reads

    /// What a call reads from a store, when it reads one: a field's value (a root status or
    /// `granted` when every write of it in the project stores one), or a store's state object.
    func storeRead(_ call: Node, callee: Node, arguments: [Node]) -> SymbolicValue? {
        guard !computingStoreWrites else { return nil }
        // `useContext(PushContext)` is a store's state whatever the table says yet: a hook that
        // returns it is summarised for other files before the providers' writes are known.
        if callee.is(.identifier), callee.textEquals("useContext"), arguments.count == 1,
           let context = arguments.first.map(Syntax.unwrap), context.is(.identifier) {
            return .storeState("context:\(context.text)", origin: call.byteRange)
        }
        guard mayReadStores else { return nil }
        let origin = call.byteRange
        func cell(_ key: String) -> SymbolicValue {
            switch storeCell(key) {
            case .rootStatus?: return .rootStatus(origin: origin)
            case .granted?: return .granted(origin: origin)
            default: return .unknown
            }
        }
        let calleeNode = Syntax.unwrap(callee)
        if calleeNode.is(.memberExpression), let property = calleeNode.child(byField: .property),
           let object = calleeNode.child(byField: .object) {
            // `settings$.local.permissionStatus.get()` / `.peek()`.
            if property.textEquals("get") || property.textEquals("peek"), arguments.isEmpty, let key = observableKey(object) {
                return cell(key)
            }
            // `useNotificationStore.getState()`.
            if property.textEquals("getState"), Syntax.unwrap(object).is(.identifier),
               isStore("zustand:\(Syntax.unwrap(object).text)") {
                return .storeState("zustand:\(Syntax.unwrap(object).text)", origin: origin)
            }
            // jotai's store: `store.get(permissionAtom)`.
            if property.textEquals("get"), arguments.count == 1, let atom = atomName(arguments[0]) {
                return cell("atom:\(atom)")
            }
            return nil
        }
        guard calleeNode.is(.identifier) else { return nil }
        let name = calleeNode.text
        switch name {
        case "use$", "useSelector", "useValue", "useObservable", "useAppSelector":
            guard let first = arguments.first else { return nil }
            if let key = observableKey(first) { return cell(key) }
            // Redux: `useSelector((state) => state.push.status)` reads what its selector returns.
            let selector = Syntax.unwrap(first)
            if name != "use$", Syntax.functionKinds.contains(selector.nodeKind), let body = selector.child(byField: .body), !body.is(.statementBlock) {
                let read = value(of: body)
                if read.isRootStatus || read.isGranted { return read }
            }
            // `use$(() => settings$.local.permissionStatus.get())`
            let unwrapped = Syntax.unwrap(first)
            if Syntax.functionKinds.contains(unwrapped.nodeKind), let body = unwrapped.child(byField: .body), !body.is(.statementBlock) {
                let read = value(of: body)
                if read.isRootStatus || read.isGranted { return read }
            }
            return nil
        case "useAtomValue", "get":
            guard arguments.count == 1, let atom = atomName(arguments[0]) else { return nil }
            return cell("atom:\(atom)")
        case "useAtom":
            guard let atom = arguments.first.flatMap(atomName) else { return nil }
            return .storeState("atom:\(atom)", origin: origin)
        default:
            // A zustand hook: `useNotificationStore((s) => s.status)`, `useNotificationStore()`.
            guard name.hasPrefix("use"), isStore("zustand:\(name)") else { return nil }
            guard let selector = arguments.first.map(Syntax.unwrap) else { return .storeState("zustand:\(name)", origin: origin) }
            guard Syntax.functionKinds.contains(selector.nodeKind), let body = selector.child(byField: .body).map(Syntax.unwrap),
                  body.is(.memberExpression), let field = body.child(byField: .property),
                  let object = body.child(byField: .object).map(Syntax.unwrap), object.is(.identifier),
                  let parameters = selector.child(byField: .parameters)?.namedChildren.first(where: { $0.nodeKind != .comment })
                    ?? selector.child(byField: .parameter),
                  (parameters.child(byField: .pattern) ?? parameters).textEquals(object.text) else { return nil }
            return cell("zustand:\(name).\(field.text)")
        }
    }

    /// The state a zustand hook hands its selector (`useStore((state) => …)`), or Redux's root
    /// state that `useSelector` hands its selector.
    func storeSelectorState(call: Node, callee: Node) -> SymbolicValue? {
        guard !computingStoreWrites, mayReadStores, callee.is(.identifier) else { return nil }
        if ["useSelector", "useAppSelector", "createSelector"].contains(callee.text) { return .storeState("redux", origin: call.byteRange) }
        guard callee.text.hasPrefix("use"), isStore("zustand:\(callee.text)") else { return nil }
        return .storeState("zustand:\(callee.text)", origin: call.byteRange)
    }

    /// Redux's root state as a selector function receives it: the first parameter of a function
    /// named `select…` (`export const selectPushEnabled = (state) => state.push.status === …`).
    func selectorParameterState(function: Node, index: Int) -> SymbolicValue? {
        guard index == 0, !computingStoreWrites, mayReadStores,
              let (declarator, _) = Syntax.outerContext(of: function), declarator.is(.variableDeclarator),
              let name = declarator.child(byField: .name), name.is(.identifier), name.text.hasPrefix("select"),
              name.text.dropFirst(6).first?.isUppercase == true else { return nil }
        return .storeState("redux", origin: function.byteRange)
    }

    /// A member of a store's state object (`useNotificationStore.getState().status`), or an element
    /// of `useAtom`'s tuple (0: the value).
    func storeMember(_ key: String, origin: Range<Int>, member name: String? = nil, element position: Int? = nil) -> SymbolicValue {
        // A Redux root state: `state.push` is the slice's state.
        if key == "redux" { return name.map { .storeState("redux:\($0)", origin: origin) } ?? .unknown }
        let cellKey: String
        if key.hasPrefix("atom:") {
            guard position == 0 || name == "0" else { return .unknown }
            cellKey = key
        } else {
            guard let name else { return .unknown }
            cellKey = "\(key).\(name)"
        }
        switch storeCell(cellKey) {
        case .rootStatus?: return .rootStatus(origin: origin)
        case .granted?: return .granted(origin: origin)
        default: return .unknown
        }
    }

    // MARK: - The table

    /// Whether any store is written, in the project or in this file (a file linted alone is its
    /// own project).
    private var mayReadStores: Bool {
        if project?.hasStores == true { return true }
        return !localStoreCells.isEmpty
    }

    /// What a store field holds: by the project's writes when it knows the key, else by this
    /// file's own.
    func storeCell(_ key: String) -> StoreCellValue? {
        if let project, project.hasStores, project.isKnownStoreKey(key) { return project.storeCell(key) }
        return localStoreCells[key] ?? nil
    }

    private func isStore(_ prefix: String) -> Bool {
        if project?.isStore(prefix) == true { return true }
        return localStoreCells.keys.contains { $0.hasPrefix(prefix + ".") }
    }

    /// This file's store fields, by its own writes.
    private var localStoreCells: [String: StoreCellValue?] {
        if let cached = localStoreCellsCache { return cached }
        // Cheap before the walk: a file that writes no store and calls no helper of a project
        // file says none of these.
        let source = tree.source
        guard storeWritesCache != nil || Self.storeWriteNeedles.contains(where: { source.contains($0) }) else {
            localStoreCellsCache = [:]
            return [:]
        }
        let cells = StoreCellValue.cells(from: [storeWrites()])
        localStoreCellsCache = cells
        return cells
    }
}
