import GrantedSyntax

/// Decisions on a status: comparisons of the root `status` (and of the other libraries' statuses) with a value.
extension SemanticModel {
    // MARK: - Root status comparisons

    /// The root-status comparison `node` makes, if it makes one: `status === 'granted'`,
    /// `status !== PermissionStatus.GRANTED`, `['granted'].includes(status)`, or a `case 'granted':`
    /// of a `switch (status)`.
    public func rootStatusComparison(_ node: Node) -> RootStatusComparison? {
        switch node.nodeKind {
        case .binaryExpression:
            guard let op = Syntax.operatorText(node), ["===", "!==", "==", "!="].contains(op),
                  let left = node.child(byField: .left), let right = node.child(byField: .right) else { return nil }
            for (statusSide, literalSide) in [(left, right), (right, left)] {
                let status = value(of: statusSide)
                if status.isRootStatus, let literal = permissionStatusLiteral(literalSide) {
                    return RootStatusComparison(site: node, statusValue: status, comparedWith: literal)
                }
            }
            return nil
        case .callExpression:
            guard let callee = node.child(byField: .function).map(Syntax.unwrap), callee.is(.memberExpression),
                  callee.child(byField: .property)?.textEquals("includes") == true,
                  let list = callee.child(byField: .object).map(Syntax.unwrap), list.is(.array),
                  let argument = node.child(byField: .arguments)?.namedChild(0) else { return nil }
            let status = value(of: argument)
            guard status.isRootStatus,
                  let literal = list.namedChildren.lazy.compactMap({ self.permissionStatusLiteral($0) }).first
            else { return nil }
            return RootStatusComparison(site: node, statusValue: status, comparedWith: literal)
        case .switchCase:
            guard let caseValue = node.child(byField: .value), let literal = permissionStatusLiteral(caseValue),
                  let statement = node.parent?.parent, statement.is(.switchStatement),
                  let discriminant = statement.child(byField: .value) else { return nil }
            let status = value(of: discriminant)
            guard status.isRootStatus else { return nil }
            return RootStatusComparison(site: caseValue, statusValue: status, comparedWith: literal)
        default:
            return nil
        }
    }

    /// `granted` / `undetermined` for the literals and `PermissionStatus` members a provisional device
    /// is misjudged by.
    func permissionStatusLiteral(_ node: Node) -> String? {
        if let string = Syntax.stringValue(node) {
            return string == "granted" || string == "undetermined" ? string : nil
        }
        let unwrapped = Syntax.unwrap(node)
        guard unwrapped.is(.memberExpression) || unwrapped.is(.identifier) else { return nil }
        if case let .expoEnumMember("PermissionStatus", member) = value(of: unwrapped) {
            switch member {
            case "GRANTED": return "granted"
            case "UNDETERMINED": return "undetermined"
            default: return nil
            }
        }
        return nil
    }

    // MARK: - Other libraries

    /// The library whose authorization status `node` compares with AUTHORIZED only (`=== 1` or the
    /// enum member), by `===`, `!==`, `==` or `!=`.
    public func blindAuthorizationComparison(_ node: Node) -> (library: NotificationLibrary, status: SymbolicValue)? {
        guard let op = Syntax.operatorText(node), ["===", "!==", "==", "!="].contains(op),
              let left = node.child(byField: .left), let right = node.child(byField: .right) else { return nil }
        for (statusSide, constantSide) in [(left, right), (right, left)] {
            let status = value(of: statusSide)
            guard case let .authorizationStatus(library, _) = status else { continue }
            if authorizationConstant(constantSide, library) == 1 { return (library, status) }
        }
        return nil
    }

    /// The raw value of a library's `AuthorizationStatus` member, or of a number literal.
    func authorizationConstant(_ node: Node, _ library: NotificationLibrary) -> Int? {
        if let number = Syntax.numberValue(node) { return number }
        let unwrapped = Syntax.unwrap(node)
        if unwrapped.is(.unaryExpression), Syntax.operatorText(unwrapped) == "-",
           let argument = unwrapped.child(byField: .argument), let number = Syntax.numberValue(argument) {
            return -number
        }
        guard case let .authorizationEnumMember(memberLibrary, member) = value(of: unwrapped), memberLibrary == library else { return nil }
        return SemanticModel.authorizationMembers(library).first { $0.value == member }?.key
    }

    /// Raw values of each library's `AuthorizationStatus` (facts: Other React Native libraries).
    public static func authorizationMembers(_ library: NotificationLibrary) -> [Int: String] {
        switch library {
        case .firebaseMessaging: return [-1: "NOT_DETERMINED", 0: "DENIED", 1: "AUTHORIZED", 2: "PROVISIONAL", 3: "EPHEMERAL"]
        case .notifee: return [-1: "NOT_DETERMINED", 0: "DENIED", 1: "AUTHORIZED", 2: "PROVISIONAL"]
        }
    }

    /// A read of a Firebase authorization status used for its truthiness (`if (status)`, `!status`,
    /// `status && ...`): NOT_DETERMINED is -1, which is truthy.
    public func firebaseTruthinessTest(_ node: Node) -> SymbolicValue? {
        guard importsNotificationLibrary || importsProjectPermissionCode else { return nil }
        let read = value(of: node)
        guard case .authorizationStatus(.firebaseMessaging, _) = read else { return nil }
        if node.is(.identifier), !isReference(node) { return nil }
        // Only the outermost expression of a member chain.
        if let parent = node.parent, parent.is(.memberExpression), parent.child(byField: .object)?.id == node.id { return nil }
        guard let (parent, child) = Syntax.outerContext(of: node) else { return nil }
        switch parent.nodeKind {
        case .ifStatement, .whileStatement, .doStatement:
            return read
        case .unaryExpression:
            return Syntax.operatorText(parent) == "!" ? read : nil
        case .ternaryExpression:
            return parent.child(byField: .condition)?.id == child.id ? read : nil
        case .binaryExpression:
            guard let op = Syntax.operatorText(parent) else { return nil }
            if op == "&&" { return read }
            // `status || fallback` tests truthiness of the left operand only.
            if op == "||", parent.child(byField: .left)?.id == child.id { return read }
            return nil
        default:
            return nil
        }
    }
}
