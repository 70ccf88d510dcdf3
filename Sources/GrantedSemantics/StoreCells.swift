import GrantedSyntax

/// What an application store's field holds, by the writes of it the project shows.
public enum StoreCellValue: Sendable, Equatable {
    case rootStatus
    case granted
    /// Anything else (a literal, a value the model cannot follow): the field is not a status.
    case other
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

    private func computeStoreWrites() -> [(key: String, value: StoreCellValue)] {
        var writes: [(String, StoreCellValue)] = []
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
            guard let callee = call.child(byField: "function").map(Syntax.unwrap) else { continue }
            let arguments = call.child(byField: "arguments")?.namedChildren.filter { $0.nodeKind != .comment } ?? []
            if callee.is(.memberExpression), let property = callee.child(byField: "property"), let object = callee.child(byField: "object") {
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
            if let store = zustandStore(settingWith: callee), let first = arguments.first {
                for (field, value) in stateFields(first) { writes.append(("zustand:\(store).\(field)", kind(value))) }
                continue
            }
            // jotai: a setter from `useSetAtom(atom)` or `useAtom(atom)[1]`; `set(atom, value)` in a
            // write atom.
            if let atom = atomSetter(callee), let first = arguments.first {
                writes.append(("atom:\(atom)", kind(first)))
            } else if callee.textEquals("set"), arguments.count == 2, let atom = atomName(arguments[0]) {
                writes.append(("atom:\(atom)", kind(arguments[1])))
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
        guard current.is(.callExpression), let callee = current.child(byField: "function"),
              case let .localFunction(function) = value(of: callee), let body = function.child(byField: "body") else { return false }
        return isProvisionalAware(body)
    }

    /// The members of a state update: an object literal, or a function returning one
    /// (`set((state) => ({ status }))`).
    private func stateFields(_ update: Node) -> [(String, Node)] {
        var node = Syntax.unwrap(update)
        if Syntax.functionKinds.contains(node.nodeKind), let body = node.child(byField: "body") {
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
              let creatorCallee = creator.child(byField: "function").map(Syntax.unwrap) else { return nil }
        // `create(fn)` or `create<T>()(fn)`.
        let createName: Node? = creatorCallee.is(.callExpression) ? creatorCallee.child(byField: "function").map(Syntax.unwrap) : creatorCallee
        guard let createName, createName.textEquals("create") || createName.textEquals("createStore") else { return nil }
        var outer = creator
        while let parent = outer.parent, parent.is(.callExpression) || parent.is(.arguments) { outer = parent }
        guard let (declarator, _) = Syntax.outerContext(of: outer), declarator.is(.variableDeclarator),
              let name = declarator.child(byField: "name"), name.is(.identifier) else { return nil }
        return name.text
    }

    /// The atom a setter variable writes: `const setStatus = useSetAtom(permissionAtom)`,
    /// `const [, setStatus] = useAtom(permissionAtom)`.
    private func atomSetter(_ callee: Node) -> String? {
        guard let index = resolve(name: callee.text, at: callee),
              case let .variable(initializer?, path) = bindings[index].declaration,
              let hook = Optional(Syntax.unwrap(initializer)), hook.is(.callExpression),
              let hookName = hook.child(byField: "function").map(Syntax.unwrap), hookName.is(.identifier),
              let atom = hook.child(byField: "arguments")?.namedChildren.first(where: { $0.nodeKind != .comment }).flatMap(atomName)
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
        while current.is(.memberExpression), let property = current.child(byField: "property"), let object = current.child(byField: "object") {
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
        guard !computingStoreWrites, mayReadStores else { return nil }
        let origin = call.byteRange
        func cell(_ key: String) -> SymbolicValue {
            switch storeCell(key) {
            case .rootStatus?: return .rootStatus(origin: origin)
            case .granted?: return .granted(origin: origin)
            default: return .unknown
            }
        }
        let calleeNode = Syntax.unwrap(callee)
        if calleeNode.is(.memberExpression), let property = calleeNode.child(byField: "property"),
           let object = calleeNode.child(byField: "object") {
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
        case "use$", "useSelector", "useValue", "useObservable":
            guard let first = arguments.first else { return nil }
            if let key = observableKey(first) { return cell(key) }
            // `use$(() => settings$.local.permissionStatus.get())`
            let unwrapped = Syntax.unwrap(first)
            if Syntax.functionKinds.contains(unwrapped.nodeKind), let body = unwrapped.child(byField: "body"), !body.is(.statementBlock) {
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
            guard Syntax.functionKinds.contains(selector.nodeKind), let body = selector.child(byField: "body").map(Syntax.unwrap),
                  body.is(.memberExpression), let field = body.child(byField: "property"),
                  let object = body.child(byField: "object").map(Syntax.unwrap), object.is(.identifier),
                  let parameters = selector.child(byField: "parameters")?.namedChildren.first(where: { $0.nodeKind != .comment })
                    ?? selector.child(byField: "parameter"),
                  (parameters.child(byField: "pattern") ?? parameters).textEquals(object.text) else { return nil }
            return cell("zustand:\(name).\(field.text)")
        }
    }

    /// The state a zustand hook hands its selector (`useStore((state) => …)`).
    func storeSelectorState(call: Node, callee: Node) -> SymbolicValue? {
        guard !computingStoreWrites, mayReadStores, callee.is(.identifier), callee.text.hasPrefix("use"),
              isStore("zustand:\(callee.text)") else { return nil }
        return .storeState("zustand:\(callee.text)", origin: call.byteRange)
    }

    /// A member of a store's state object (`useNotificationStore.getState().status`), or an element
    /// of `useAtom`'s tuple (0: the value).
    func storeMember(_ key: String, origin: Range<Int>, member name: String? = nil, element position: Int? = nil) -> SymbolicValue {
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
        // Cheap before the walk: a file that writes no store says none of these.
        let source = tree.source
        guard [".set(", "set(", "setState(", "useSetAtom", "useAtom"].contains(where: { source.contains($0) }) else {
            localStoreCellsCache = [:]
            return [:]
        }
        var cells: [String: StoreCellValue?] = [:]
        for (key, value) in storeWrites() {
            if let known = cells[key] {
                if known != value { cells[key] = .some(nil) }
            } else {
                cells[key] = .some(value == .other ? nil : value)
            }
        }
        localStoreCellsCache = cells
        return cells
    }
}
