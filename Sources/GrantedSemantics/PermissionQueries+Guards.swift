import GrantedSyntax

/// What guards a call: the conditions under which a request runs.
extension SemanticModel {
    // MARK: - Guards

    /// Whether `node` only runs on Android: in a `*.android.*` file, under `Platform.OS === 'android'`
    /// (if, ternary, `&&`, also combined: `Platform.OS === 'android' && Platform.Version >= 33`), in the
    /// `else` of an iOS test, after `if (Platform.OS === 'ios') return`, in `case 'android':` of
    /// `switch (Platform.OS)`, or in the `android` entry of `Platform.select`.
    public func isAndroidOnly(_ node: Node) -> Bool {
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        if fileName.contains(".android.") { return true }
        return androidOnlyRanges().contains { $0.lowerBound <= node.startByte && node.endByte <= $0.upperBound }
    }

    /// The byte ranges of Android-only code, found in one walk (checking a node is then a range
    /// lookup, not a climb through its ancestors).
    private func androidOnlyRanges() -> [Range<Int>] {
        if let cached = androidOnlyRangesCache { return cached }
        var ranges: [Range<Int>] = []
        // No platform test without `Platform` (directly, or in a variable initialised from it).
        guard tree.source.contains("Platform") else {
            androidOnlyRangesCache = []
            return []
        }
        tree.walk { node in
            switch node.nodeKind {
            case .ifStatement, .ternaryExpression:
                guard let condition = node.child(byField: "condition") else { break }
                if impliesAndroid(condition, when: true), let consequence = node.child(byField: "consequence") {
                    ranges.append(consequence.byteRange)
                }
                if impliesAndroid(condition, when: false), let alternative = node.child(byField: "alternative") {
                    ranges.append(alternative.byteRange)
                }
            case .binaryExpression:
                guard let left = node.child(byField: "left"), let right = node.child(byField: "right") else { break }
                let op = Syntax.operatorText(node)
                if op == "&&" && impliesAndroid(left, when: true) || op == "||" && impliesAndroid(left, when: false) {
                    ranges.append(right.byteRange)
                }
            case .statementBlock, .program, .switchCase, .switchDefault:
                // `if (Platform.OS === 'ios') return;` makes the rest of the block Android-only.
                for statement in node.namedChildren where statement.is(.ifStatement) {
                    guard statement.child(byField: "alternative") == nil,
                          let condition = statement.child(byField: "condition"), impliesAndroid(condition, when: false),
                          let consequence = statement.child(byField: "consequence"), alwaysExits(consequence) else { continue }
                    ranges.append(statement.endByte..<node.endByte)
                    break
                }
            case .switchStatement:
                guard let discriminant = node.child(byField: "value"), value(of: discriminant) == .platformOS,
                      let body = node.child(byField: "body") else { break }
                for switchCase in body.namedChildren where switchCase.is(.switchCase) {
                    if let caseValue = switchCase.child(byField: "value"), Syntax.stringValue(caseValue) == "android" {
                        ranges.append(caseValue.endByte..<switchCase.endByte)
                    }
                }
            case .callExpression:
                guard let callee = node.child(byField: "function"), Syntax.normalisedText(callee) == "Platform.select",
                      let object = node.child(byField: "arguments")?.namedChild(0).map(Syntax.unwrap), object.is(.object) else { break }
                for member in Syntax.objectMembers(object) where member.name == "android" {
                    if let value = member.value { ranges.append(value.byteRange) }
                }
            default:
                break
            }
            return true
        }
        androidOnlyRangesCache = ranges
        return ranges
    }

    /// Whether `condition` having the truth value `truth` means the platform is Android:
    /// `Platform.OS === 'android' && x` when true, `Platform.OS === 'ios' || x` when false.
    func impliesAndroid(_ condition: Node, when truth: Bool, depth: Int = 0) -> Bool {
        guard depth < 64 else { return false }
        let node = Syntax.unwrap(condition)
        // A flag that is a platform test on some path (and nothing else on another) is one.
        let senses = Set(possibleValues(of: node).compactMap { value -> Bool? in
            if case let .platformTest(android) = value { return android } else { return nil }
        })
        if senses.count == 1, let android = senses.first { return truth ? android : !android }
        switch node.nodeKind {
        case .unaryExpression:
            guard Syntax.operatorText(node) == "!", let argument = node.child(byField: "argument") else { return false }
            return impliesAndroid(argument, when: !truth, depth: depth + 1)
        case .binaryExpression:
            guard let left = node.child(byField: "left"), let right = node.child(byField: "right") else { return false }
            switch Syntax.operatorText(node) {
            case "&&": return truth && (impliesAndroid(left, when: true, depth: depth + 1) || impliesAndroid(right, when: true, depth: depth + 1))
            case "||": return !truth && (impliesAndroid(left, when: false, depth: depth + 1) || impliesAndroid(right, when: false, depth: depth + 1))
            default: return false
            }
        default:
            return false
        }
    }

    private func alwaysExits(_ statement: Node) -> Bool {
        switch statement.nodeKind {
        case .returnStatement, .throwStatement:
            return true
        case .statementBlock:
            guard let last = statement.namedChildren.last(where: { $0.nodeKind != .comment }) else { return false }
            return alwaysExits(last)
        default:
            return false
        }
    }
}
