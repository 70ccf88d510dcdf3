import GrantedSyntax

/// Whether a decision already accepts provisionally authorized devices.
extension SemanticModel {
    // MARK: - Provisional awareness

    /// Whether the code around `node` handles provisional authorization itself: a function on the
    /// way out from `node` compares an iOS status with PROVISIONAL / EPHEMERAL (or 3 / 4), tests
    /// membership in a list holding them, or uses a deny-list of DENIED / NOT_DETERMINED.
    public func isProvisionalAware(_ node: Node) -> Bool {
        let aware = awarenessMap()
        var function = enclosingFunction(of: node)
        if function == nil { return aware[tree.root.id] ?? false }
        while let current = function {
            if aware[current.id] == true { return true }
            function = enclosingFunction(of: current)
        }
        return false
    }

    private func awarenessMap() -> [NodeID: Bool] {
        if let awarenessByFunction { return awarenessByFunction }
        var map: [NodeID: Bool] = [:]
        // Two passes: first the functions that test for provisional themselves, then those that call
        // such a function as their test.
        for candidate in comparisons + calls where countsAsProvisionalHandling(candidate) {
            let owner = enclosingFunction(of: candidate) ?? tree.root
            map[owner.id] = true
            directlyAwareFunctions.insert(owner.id)
        }
        for candidate in calls where countsAsProvisionalHandling(candidate) {
            map[(enclosingFunction(of: candidate) ?? tree.root).id] = true
        }
        awarenessByFunction = map
        return map
    }

    /// A provisional test, unless it is combined with a blind check the wrong way round:
    /// `status !== 'granted' || ios.status !== PROVISIONAL` still rejects every provisional device.
    func countsAsProvisionalHandling(_ node: Node) -> Bool {
        guard let positive = provisionalTestSense(node) else { return false }
        // Climb through parentheses and `!` to the logical operator that combines the test.
        var child = node
        var sense = positive
        while let parent = child.parent {
            if parent.is(.parenthesizedExpression) { child = parent; continue }
            if parent.is(.unaryExpression), Syntax.operatorText(parent) == "!" {
                sense.toggle(); child = parent; continue
            }
            guard parent.is(.binaryExpression), let op = Syntax.operatorText(parent), op == "||" || op == "&&" else {
                return true
            }
            let wrongWay = (op == "||" && !sense) || (op == "&&" && sense)
            if wrongWay, logicalChain(parent, op: op).contains(where: { isBlindCheck($0) }) { return false }
            return true
        }
        return true
    }

    /// Whether `node` (through parentheses and `!`) is an operand of `||` or `&&`.
    private func isLogicalOperand(_ node: Node) -> Bool {
        var child = node
        while let parent = child.parent {
            if parent.is(.parenthesizedExpression) || parent.is(.unaryExpression) && Syntax.operatorText(parent) == "!" {
                child = parent
                continue
            }
            return parent.is(.binaryExpression) && ["||", "&&"].contains(Syntax.operatorText(parent) ?? "")
        }
        return false
    }

    /// The operands of a chain `a || b || c` (one operator, through parentheses).
    private func logicalChain(_ node: Node, op: String) -> [Node] {
        var operands: [Node] = []
        var work = [node]
        while let current = work.popLast() {
            let unwrapped = Syntax.unwrap(current)
            if unwrapped.is(.binaryExpression), Syntax.operatorText(unwrapped) == op,
               let left = unwrapped.child(byField: .left), let right = unwrapped.child(byField: .right) {
                work.append(right)
                work.append(left)
            } else {
                operands.append(unwrapped)
            }
        }
        return operands
    }

    private func isBlindCheck(_ operand: Node) -> Bool {
        var node = operand
        while node.is(.unaryExpression), let argument = node.child(byField: .argument) {
            node = Syntax.unwrap(argument)
        }
        if rootStatusComparison(node) != nil || blindAuthorizationComparison(node) != nil { return true }
        return value(of: node).isGranted
    }

    /// For a provisional test: true when it is true for a provisional device (`=== PROVISIONAL`,
    /// `[AUTHORIZED, PROVISIONAL].includes(s)`, `s !== DENIED && s !== NOT_DETERMINED`,
    /// `s >= AUTHORIZED`), false when it is true for every other device (`!== PROVISIONAL`); nil when
    /// `node` is not a provisional test.
    private static let comparisonOperators: Set<String> = ["===", "==", "!==", "!=", ">=", ">", "<", "<="]

    private func provisionalTestSense(_ node: Node) -> Bool? {
        switch node.nodeKind {
        case .binaryExpression:
            // Only a comparison can test a status (checked first: most binary expressions of a file
            // are arithmetic or logic, and evaluating their operands costs).
            guard let op = Syntax.operatorText(node), Self.comparisonOperators.contains(op), let left = node.child(byField: .left),
                  let right = node.child(byField: .right) else { return nil }
            // Firebase / Notifee: a comparison with PROVISIONAL (2), or `>=` / `>` on the status.
            // A test of a variable that holds a status on some path counts (it silences findings).
            for (statusSide, constantSide) in [(left, right), (right, left)] {
                guard let library = possibleValues(of: statusSide).lazy.compactMap({ value -> NotificationLibrary? in
                          if case let .authorizationStatus(library, _) = value { return library } else { return nil }
                      }).first,
                      let raw = authorizationConstant(constantSide, library) else { continue }
                switch op {
                case "===", "==": if raw == 2 { return true }
                case "!==", "!=": if raw == 2 { return false }
                case ">=", ">", "<", "<=": return true
                default: break
                }
            }
            for (statusSide, constantSide) in [(left, right), (right, left)] {
                guard let raw = iosStatusConstant(constantSide) else { continue }
                let statusKnown = possibleValues(of: statusSide).contains(where: \.isIosStatus)
                let namedConstant = Syntax.numberValue(constantSide) == nil
                guard statusKnown || namedConstant else { continue }
                switch op {
                case "===", "==":
                    if raw == 3 || raw == 4 { return true }
                case "!==", "!=":
                    if raw == 3 || raw == 4 { return false }
                    if raw == 0 || raw == 1 { return statusKnown ? true : nil }
                case ">=", ">", "<", "<=":
                    // `s >= AUTHORIZED` lets PROVISIONAL (3) and EPHEMERAL (4) through.
                    return statusKnown ? true : nil
                default:
                    break
                }
            }
            return nil
        case .switchCase:
            // `switch (ios.status) { case IosAuthorizationStatus.PROVISIONAL: ... }`
            guard let caseValue = node.child(byField: .value), let raw = iosStatusConstant(caseValue),
                  raw == 3 || raw == 4 else { return nil }
            if Syntax.numberValue(caseValue) != nil {
                guard let statement = node.parent?.parent, statement.is(.switchStatement),
                      let discriminant = statement.child(byField: .value),
                      possibleValues(of: discriminant).contains(where: \.isIosStatus) else { return nil }
            }
            return true
        case .callExpression:
            // A call of a local helper that tests for provisional itself (`granted || isProvisional(s)`).
            // Only as an operand of `||` / `&&`: `return isQuiet(s)` after an early blind return does
            // not rescue the devices that return dropped.
            // (No helper is known to test for provisional until one is found: skip evaluating callees.)
            if !directlyAwareFunctions.isEmpty, let callee = node.child(byField: .function),
               case let .localFunction(function) = value(of: callee), directlyAwareFunctions.contains(function.id) {
                return isLogicalOperand(node) ? true : nil
            }
            guard let callee = node.child(byField: .function).map(Syntax.unwrap), callee.is(.memberExpression),
                  callee.child(byField: .property)?.textEquals("includes") == true,
                  let object = callee.child(byField: .object) else { return nil }
            let list = listElements(object)
            let constants = list.compactMap { iosStatusConstant($0) }
            guard !constants.isEmpty else { return nil }
            if constants.contains(3) || constants.contains(4) { return true }
            // A deny-list (`[DENIED, NOT_DETERMINED]`) is used as `!list.includes(s)`.
            if constants.contains(0) { return false }
            return nil
        default:
            return nil
        }
    }

    /// Elements of an array literal, or of a local constant initialised with one.
    private func listElements(_ expression: Node) -> [Node] {
        var node = Syntax.unwrap(expression)
        if node.is(.identifier), let (value, path) = soleDefinition(of: node), path.isEmpty {
            node = Syntax.unwrap(value)
        }
        return node.is(.array) ? node.namedChildren : []
    }

    /// The raw value of an `IosAuthorizationStatus` member, or of a small number literal.
    private func iosStatusConstant(_ node: Node) -> Int? {
        if let number = Syntax.numberValue(node) { return (0...4).contains(number) ? number : nil }
        let unwrapped = Syntax.unwrap(node)
        guard unwrapped.is(.memberExpression) || unwrapped.is(.identifier),
              case let .expoEnumMember("IosAuthorizationStatus", member) = value(of: unwrapped) else { return nil }
        return ["NOT_DETERMINED": 0, "DENIED": 1, "AUTHORIZED": 2, "PROVISIONAL": 3, "EPHEMERAL": 4][member]
    }
}
