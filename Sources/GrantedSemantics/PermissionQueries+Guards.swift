import GrantedSyntax

/// What guards a call: the conditions under which a request runs.
extension SemanticModel {
    // MARK: - Guards

    /// Whether `node` never runs on iOS — the only platform with provisional authorization: in a
    /// `*.android.*` or `*.web.*` file, under `Platform.OS === 'android'` or `=== 'web'` (if,
    /// ternary, `&&`, also combined: `Platform.OS === 'android' && Platform.Version >= 33`), in the
    /// `else` of an iOS test, after `if (Platform.OS === 'ios') return` or `if (Platform.OS !== 'web')
    /// return`, in `case 'android':` / `case 'web':` of `switch (Platform.OS)`, or in the `android` /
    /// `web` entry of `Platform.select`.
    public func neverRunsOnIOS(_ node: Node) -> Bool {
        !platforms(of: node).contains(.ios)
    }

    /// The platforms `node` may run on, by its file's name and the platform tests around it.
    public func platforms(of node: Node) -> PlatformSet {
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        var platforms = PlatformSet(fileName: fileName)
        for (range, restriction) in platformRanges() where range.lowerBound <= node.startByte && node.endByte <= range.upperBound {
            platforms.formIntersection(restriction)
        }
        return platforms
    }

    /// The byte ranges of code restricted to some platforms, found in one walk (checking a node is
    /// then a range lookup, not a climb through its ancestors).
    private func platformRanges() -> [(Range<Int>, PlatformSet)] {
        if let cached = platformRangesCache { return cached }
        var ranges: [(Range<Int>, PlatformSet)] = []
        // No platform test without `Platform` (directly, or in a variable initialised from it).
        guard tree.source.contains("Platform") else {
            platformRangesCache = []
            return []
        }
        func restrict(_ range: Range<Int>, _ platforms: PlatformSet) {
            if platforms != .all { ranges.append((range, platforms)) }
        }
        tree.walk { node in
            switch node.nodeKind {
            case .ifStatement, .ternaryExpression:
                guard let condition = node.child(byField: .condition) else { break }
                if let consequence = node.child(byField: .consequence) {
                    restrict(consequence.byteRange, platforms(when: condition, is: true))
                }
                if let alternative = node.child(byField: .alternative) {
                    restrict(alternative.byteRange, platforms(when: condition, is: false))
                }
            case .binaryExpression:
                guard let left = node.child(byField: .left), let right = node.child(byField: .right) else { break }
                switch Syntax.operatorText(node) {
                case "&&": restrict(right.byteRange, platforms(when: left, is: true))
                case "||": restrict(right.byteRange, platforms(when: left, is: false))
                default: break
                }
            case .statementBlock, .program, .switchCase, .switchDefault:
                // `if (Platform.OS === 'ios') return;` restricts the rest of the block to the others.
                for statement in node.namedChildren where statement.is(.ifStatement) {
                    guard statement.child(byField: .alternative) == nil,
                          let condition = statement.child(byField: .condition),
                          let consequence = statement.child(byField: .consequence), alwaysExits(consequence) else { continue }
                    let remaining = platforms(when: condition, is: false)
                    guard remaining != .all else { continue }
                    restrict(statement.endByte..<node.endByte, remaining)
                    break
                }
            case .switchStatement:
                guard let discriminant = node.child(byField: .value), value(of: discriminant) == .platformOS,
                      let body = node.child(byField: .body) else { break }
                for switchCase in body.namedChildren where switchCase.is(.switchCase) {
                    if let caseValue = switchCase.child(byField: .value),
                       let platform = Syntax.stringValue(caseValue).flatMap(PlatformSet.init(os:)) {
                        restrict(caseValue.endByte..<switchCase.endByte, platform)
                    }
                }
            case .callExpression:
                guard let callee = node.child(byField: .function), Syntax.normalisedText(callee) == "Platform.select",
                      let object = node.child(byField: .arguments)?.namedChild(0).map(Syntax.unwrap), object.is(.object) else { break }
                for member in Syntax.objectMembers(object) {
                    guard let value = member.value else { continue }
                    if let name = member.name, let platform = PlatformSet(os: name) {
                        restrict(value.byteRange, platform)
                    } else if member.name == "native" {
                        restrict(value.byteRange, [.ios, .android])
                    }
                }
            default:
                break
            }
            return true
        }
        platformRangesCache = ranges
        return ranges
    }

    /// The platforms the code may run on when `condition` has the truth value `truth`:
    /// `Platform.OS === 'web'` when true is the web, `Platform.OS === 'ios' || x` when false is not
    /// iOS; `.all` when the condition tells nothing.
    func platforms(when condition: Node, is truth: Bool, depth: Int = 0) -> PlatformSet {
        guard depth < 64 else { return .all }
        let node = Syntax.unwrap(condition)
        // A flag that is a platform test on some path (and nothing else on another) is one.
        var tested: PlatformSet?
        for case let .platformTest(ifTrue, ifFalse) in possibleValues(of: node) {
            tested = (tested ?? []).union(truth ? ifTrue : ifFalse)
        }
        if let tested { return tested }
        switch node.nodeKind {
        case .unaryExpression:
            guard Syntax.operatorText(node) == "!", let argument = node.child(byField: .argument) else { return .all }
            return platforms(when: argument, is: !truth, depth: depth + 1)
        case .binaryExpression:
            guard let left = node.child(byField: .left), let right = node.child(byField: .right) else { return .all }
            switch Syntax.operatorText(node) {
            case "&&" where truth, "||" where !truth:
                return platforms(when: left, is: truth, depth: depth + 1).intersection(platforms(when: right, is: truth, depth: depth + 1))
            default: return .all
            }
        default:
            return .all
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
