import GrantedLinter
import GrantedSemantics
import GrantedSyntax

/// The suggestion offered with `provisional-blind-check`: rewrite a blind decision into the test
/// expo-notifications documents (the JSDoc of `getPermissionsAsync` / `allowsNotificationsAsync`),
///
///     granted || ios?.status === IosAuthorizationStatus.PROVISIONAL || ios?.status === IosAuthorizationStatus.EPHEMERAL
///
/// so that a provisionally or ephemerally authorized device takes the "permitted" path. It changes
/// what the program decides, so it is unsafe (`--fix-unsafe`, the editor's quick fix).
///
/// One test of `ios.status` anywhere in a function makes the whole function provisional-aware, which
/// silences every other finding in it (and in the functions inside it). So a fix never repairs one
/// decision alone: it rewrites every finding of a function, nested functions included (for code
/// outside functions, every finding outside functions), and each of those findings carries that same
/// fix. A finding takes the fix of the outermost function around it whose findings can all be
/// rewritten soundly, else of the next one inward; when none can, it gets no fix.
///
/// What one decision needs, the fix adds:
/// - `granted` and `ios` next to `status` in the destructuring the status came from (an existing
///   `granted` / `ios` binding is reused, a rename is followed: `status: existingStatus` gets
///   `granted: existingGranted, ios: existingIos`);
/// - for `R.status` / `R.granted` on a response `R` that runs no code (`settings`, `permission?`,
///   `query.data`), `R.granted` and `R.ios?.status` beside it; an awaited call
///   (`(await getPermissionsAsync()).granted`) is first bound once, in a `const` just before the
///   statement (only when it is what the statement evaluates first);
/// - for a status variable that is written again (`let finalStatus = existingStatus; …
///   finalStatus = status;`), a boolean that follows it: `let finalDeliverable = <test>;` after the
///   declaration and `finalDeliverable = <test>;` after each write, and the comparison reads it; so
///   does a test of the variable it was copied from while the boolean still holds that test (the
///   snippet's `if (existingStatus !== 'granted')` just after the copy becomes `if (!finalDeliverable)`);
/// - `IosAuthorizationStatus` through the file's own import of expo-notifications (the namespace,
///   default import or `require` object, the enum's own possibly aliased import, or a name added to
///   the named imports).
/// New names (`existingGranted`, `finalDeliverable`, `permissions`) are ones no variable of the file
/// has. A `granted` read that is stored (`setEnabled(granted)`, `this.enabled = settings.granted`)
/// stores the test instead.
///
/// Left without a fix: comparisons with `'undetermined'`, `.includes`, `switch` cases, a status kept
/// in React state (or anywhere the response is out of reach) and compared there, `{ granted }` stored
/// into an object literal, a response that is not an expo response itself (an object of the app's
/// own), values written through destructuring, `+=` or an unknown call, an awaited call in an arrow's
/// expression body, a decision combined with a test of `ios.status` already, Firebase / Notifee
/// comparisons in the same function, and functions with more than `maximumDecisions` findings.
enum ProvisionalBlindRepair {
    static let title = "Accept provisionally and ephemerally authorized devices"

    /// The fix for the finding reported at `site` (a root-status comparison or a `granted` read): the
    /// repair of every finding of the outermost function around it whose findings can all be
    /// repaired (so that the findings of one top-level function share one fix), else of the next
    /// function inward; nil when none can.
    static func fix(for site: Node, in model: SemanticModel) -> Fix? {
        var functions: [Node] = []
        var function = model.enclosingFunction(of: site)
        while let current = function {
            functions.append(current)
            function = model.enclosingFunction(of: current)
        }
        if functions.isEmpty { return fix(forFindingsIn: nil, model) }
        for scope in functions.reversed() {
            if let fix = fix(forFindingsIn: scope, model) { return fix }
        }
        return nil
    }

    /// The repair of every finding in `function` (nested functions included), or of every finding
    /// outside functions when it is nil; computed once per function and file, since all its findings
    /// share it.
    static func fix(forFindingsIn function: Node?, _ model: SemanticModel) -> Fix? {
        let key = "provisional-blind-repair " + (function.map { "\($0.id)" } ?? "outside functions")
        if let known = model.ruleMemo[key] as? Memo { return known.fix }
        var fix: Fix?
        if let decisions = decisionsSilencedTogether(in: function, model), !decisions.isEmpty {
            let plan = Plan(model: model)
            fix = decisions.allSatisfy { plan.rewrite($0) } ? plan.fix() : nil
        }
        model.ruleMemo[key] = Memo(fix: fix)
        return fix
    }

    /// A function's repair as remembered in the model (nil: it has none).
    private struct Memo {
        let fix: Fix?
    }

    /// A function with more blind decisions than this gets no fix: nobody reviews one suggestion that
    /// large (and every finding would carry all its edits).
    static let maximumDecisions = 32

    enum Decision {
        case comparison(RootStatusComparison)
        case grantedRead(Node)
    }

    /// The findings of `provisional-blind-check` that a provisional test in `function` makes
    /// provisional-aware: those in it, nested functions included (or, for nil, those outside
    /// functions). nil when one of them is a Firebase / Notifee comparison, which this repair does not
    /// rewrite, or when there are more than `maximumDecisions`.
    static func decisionsSilencedTogether(in function: Node?, _ model: SemanticModel) -> [Decision]? {
        let region = function ?? model.tree.root
        // The same exemptions as the rule's `visit`.
        func exempt(_ node: Node) -> Bool {
            model.neverRunsOnIOS(node) || model.isProvisionalAware(node) || model.isDisplayOnlyDecision(node) || model.isObservationOnlyDecision(node)
        }
        var decisions: [Decision] = []
        var foreign = false
        model.tree.walk { node in
            guard !foreign, decisions.count <= maximumDecisions, node.startByte < region.endByte,
                  region.startByte < node.endByte else { return false }
            guard region.contains(node) else { return true }
            if function == nil, Syntax.functionKinds.contains(node.nodeKind) { return false }
            switch node.nodeKind {
            case .binaryExpression:
                if model.blindAuthorizationComparison(node) != nil {
                    if !exempt(node) { foreign = true }
                } else if let comparison = model.rootStatusComparison(node), !exempt(node) {
                    decisions.append(.comparison(comparison))
                }
            case .callExpression, .switchCase:
                if let comparison = model.rootStatusComparison(node), !exempt(node) { decisions.append(.comparison(comparison)) }
            case .memberExpression, .identifier, .shorthandPropertyIdentifier:
                if model.firebaseTruthinessTest(node) == nil, model.grantedDecisionRead(node) != nil, !exempt(node) {
                    decisions.append(.grantedRead(node))
                }
            default:
                break
            }
            return true
        }
        return foreign || decisions.count > maximumDecisions ? nil : decisions
    }

    /// A test that replaces a decision: a boolean variable the fix keeps up to date, or the
    /// expression itself.
    enum Test {
        case flag(String)
        case expression(String)

        var text: String {
            switch self {
            case let .flag(name): return name
            case let .expression(text): return text
            }
        }

        var negated: String {
            switch self {
            case let .flag(name): return "!\(name)"
            case let .expression(text): return "!(\(text))"
            }
        }
    }

    /// The edits of one fix, built decision by decision; the plumbing (names added to a pattern, a
    /// response bound once, a flag following a variable) is shared by the decisions that need it.
    final class Plan {
        let model: SemanticModel
        /// Stands for the enum's name until every place that writes it is known.
        static let enumPlaceholder = "\u{1}IosAuthorizationStatus\u{1}"

        /// The replacements and insertions, in the order they were planned (but for the decisions').
        private var edits: [TextEdit] = []
        /// The decisions' rewrites, written out once every flag is planned: a flag planned for a later
        /// decision may hold the test of an earlier one already.
        private var rewrites: [Rewrite] = []
        /// Names added to a destructuring pattern (by pattern), in order.
        private var patternAdditions: [NodeID: (pattern: Node, members: [String])] = [:]
        private var patternNames: [NodeID: (granted: String, ios: String)?] = [:]
        /// The flag that follows a status variable (by binding); nil while being planned or when it
        /// cannot be.
        private var flags: [Int: String?] = [:]
        /// The flags planned: the variable each follows, the declaration it is declared after, and the
        /// test it starts as.
        private var plannedFlags: [(name: String, following: Int, declaration: Node, initial: Test)] = []
        /// Responses bound once in a `const` (by the expression bound).
        private var bound: [NodeID: String] = [:]
        /// The names this fix declares, each in the function (or program) it must not clash in.
        private var freeNames: FreeNames
        /// Where the enum's name is written (it must mean the enum there).
        private var enumPlaces: [Node] = []
        /// The decision being rewritten: its replacement covers what lies inside it.
        private var currentSite: Node?

        init(model: SemanticModel) {
            self.model = model
            freeNames = FreeNames(variablesOf: model, numberedUpTo: 9)
        }

        // MARK: Decisions

        func rewrite(_ decision: Decision) -> Bool {
            switch decision {
            case let .comparison(comparison):
                let site = comparison.site
                currentSite = site
                guard comparison.comparedWith == "granted", site.is(.binaryExpression),
                      let op = Syntax.operatorText(site), ["===", "==", "!==", "!="].contains(op),
                      let left = site.child(byField: .left), let right = site.child(byField: .right) else { return false }
                let statusSide = model.value(of: left).isRootStatus ? left : right
                guard !combinedWithIosStatusTest(site), let test = statusTest(statusSide, at: site, readThere: true, depth: 0) else { return false }
                // A variable never written: a copy of it may have a flag that holds its test.
                var variable: Int?
                if case let name = Syntax.unwrap(statusSide), name.is(.identifier),
                   let index = model.resolve(name: name.text, at: name), model.bindings[index].writes.isEmpty {
                    variable = index
                }
                rewrites.append(Rewrite(site: site, test: test, negative: op == "!==" || op == "!=", variable: variable))
                enumPlaces.append(site)
                return true
            case let .grantedRead(read):
                currentSite = read
                guard !combinedWithIosStatusTest(read), let test = grantedTest(read) else { return false }
                rewrites.append(Rewrite(site: read, test: test, negative: false, variable: nil))
                enumPlaces.append(read)
                return true
            }
        }

        /// A decision rewritten: `site` becomes `test` (negated for `!==`). `variable` is the binding of
        /// the status compared, when it is a variable never written.
        private struct Rewrite {
            let site: Node
            let test: Test
            let negative: Bool
            let variable: Int?
        }

        /// The text that replaces a decision: its test, or the flag that holds that test already.
        private func replacement(_ rewrite: Rewrite) -> TextEdit {
            let test = flag(holding: rewrite.test, at: rewrite.site, copying: rewrite.variable).map(Test.flag) ?? rewrite.test
            return TextEdit(range: rewrite.site.byteRange, replacement: rewrite.negative ? test.negated : positive(test, replacing: rewrite.site))
        }

        /// Whether the decision is an operand of `&&` / `||` next to a test of `ios.status` already
        /// (`status !== 'granted' || ios?.status !== PROVISIONAL`): what the author meant by the
        /// combination is not clear, so it is left to them.
        private func combinedWithIosStatusTest(_ site: Node) -> Bool {
            var top = site
            while let parent = top.parent {
                let op = Syntax.operatorText(parent)
                guard parent.is(.parenthesizedExpression) || parent.is(.unaryExpression) && op == "!"
                        || parent.is(.binaryExpression) && (op == "&&" || op == "||") else { break }
                top = parent
            }
            guard top.id != site.id else { return false }
            var work = [top]
            while let node = work.popLast() {
                if node.is(.memberExpression) || node.is(.identifier), model.value(of: node).isIosStatus { return true }
                work += node.namedChildren
            }
            return false
        }

        /// The test written where `node` was: parenthesised unless the place takes any expression.
        private func positive(_ test: Test, replacing node: Node) -> String {
            guard case let .expression(text) = test, Plan.needsParentheses(node) else { return test.text }
            return "(\(text))"
        }

        /// Whether an `a || b || c` written in place of `node` must be parenthesised to keep its meaning.
        static func needsParentheses(_ node: Node) -> Bool {
            guard let parent = node.parent else { return false }
            switch parent.nodeKind {
            case .parenthesizedExpression, .returnStatement, .expressionStatement, .arguments, .jsxExpression,
                 .templateSubstitution, .array, .ternaryExpression:
                return false
            case .variableDeclarator:
                return parent.child(byField: .value)?.id != node.id
            case .assignmentExpression:
                return parent.child(byField: .right)?.id != node.id
            case .pair:
                return parent.child(byField: .value)?.id != node.id
            case .arrowFunction:
                return parent.child(byField: .body)?.id != node.id
            case .binaryExpression:
                return Syntax.operatorText(parent) != "||"
            default:
                return true
            }
        }

        /// The test for a `granted` read: `R.granted` on a response, or a `granted` destructured from one.
        private func grantedTest(_ read: Node) -> Test? {
            switch read.nodeKind {
            case .memberExpression:
                guard let holder = read.child(byField: .object) else { return nil }
                return responseTest(holder: holder, optional: Plan.isOptional(read), at: read)
            case .identifier:
                guard let index = model.resolve(name: read.text, at: read), model.bindings[index].writes.isEmpty,
                      pathOf(index) == [.property("granted")], model.destructuresPermissionResponse(binding: index),
                      let names = names(forPatternOf: index, at: read) else { return nil }
                return .expression(deliverable(granted: names.granted, iosStatus: "\(names.ios)?.status"))
            default:
                return nil
            }
        }

        /// The test, written at `use`, equivalent to "the status `expression` is 'granted'". With
        /// `readThere`, `expression` is evaluated at `use` itself (or just before it); otherwise it was
        /// evaluated earlier (the initializer of a copy), so a variable written since may not be
        /// followed there.
        private func statusTest(_ expression: Node, at use: Node, readThere: Bool, depth: Int) -> Test? {
            guard depth < 8 else { return nil }
            let node = Syntax.unwrap(expression)
            switch node.nodeKind {
            case .memberExpression:
                guard node.child(byField: .property)?.textEquals("status") == true,
                      let holder = node.child(byField: .object) else { return nil }
                return responseTest(holder: holder, optional: Plan.isOptional(node), at: use)
            case .identifier:
                guard let index = model.resolve(name: node.text, at: node) else { return nil }
                let binding = model.bindings[index]
                if !binding.writes.isEmpty {
                    guard readThere else { return nil }
                    return flag(following: index).map(Test.flag)
                }
                switch binding.declaration {
                case let .variable(initializer?, path) where path.isEmpty:
                    // `const status = settings.status` / `let finalStatus = existingStatus`, never written again.
                    guard Plan.isLexical(binding.nameNode) else { return nil }
                    return statusTest(initializer, at: use, readThere: false, depth: depth + 1)
                case .variable, .parameter:
                    guard pathOf(index) == [.property("status")], model.destructuresPermissionResponse(binding: index),
                          let names = names(forPatternOf: index, at: use) else { return nil }
                    return .expression(deliverable(granted: names.granted, iosStatus: "\(names.ios)?.status"))
                default:
                    return nil
                }
            default:
                return nil
            }
        }

        /// The test on the response `holder` (the object of `.status` / `.granted`), read at `use`.
        private func responseTest(holder: Node, optional: Bool, at use: Node) -> Test? {
            guard model.value(of: holder).isPermissionResponse else { return nil }
            // A helper's parameter fed a response (`isPermissionGranted(response: { status: string })`):
            // a type of the app's own has no `granted` / `ios` to read.
            if let root = Plan.rootIdentifier(holder), let index = model.resolve(name: root.text, at: root),
               case let .parameter(_, _, _, parameter) = model.bindings[index].declaration,
               let type = parameter.child(byField: .type), !type.text.contains("NotificationPermissionsStatus") {
                return nil
            }
            let name: String
            if Plan.runsNoCode(holder) {
                // Read again at `use`: it must still be the same object there.
                if !use.contains(holder) {
                    guard let root = Plan.rootIdentifier(holder), let index = model.resolve(name: root.text, at: root),
                          model.bindings[index].writes.isEmpty, model.resolve(name: root.text, at: use) == index else { return nil }
                }
                name = holder.text
            } else {
                guard let boundName = bindOnce(holder, replacingIt: !(currentSite?.contains(holder) ?? false)) else { return nil }
                name = boundName
            }
            let dot = optional ? "?." : "."
            return .expression(deliverable(granted: "\(name)\(dot)granted", iosStatus: "\(name)\(dot)ios?.status"))
        }

        private func deliverable(granted: String, iosStatus: String) -> String {
            let status = Plan.enumPlaceholder
            return "\(granted) || \(iosStatus) === \(status).PROVISIONAL || \(iosStatus) === \(status).EPHEMERAL"
        }

        private func pathOf(_ index: Int) -> [SemanticModel.PathStep]? {
            switch model.bindings[index].declaration {
            case let .variable(_, path), let .parameter(_, _, path, _): return path
            default: return nil
            }
        }

        // MARK: Destructuring

        /// The names of `granted` and `ios` in the pattern that declares binding `index` (at the top of a
        /// declaration or parameter), adding the missing ones; nil when the pattern cannot take them or
        /// an existing one does not mean the same at `use`.
        private func names(forPatternOf index: Int, at use: Node) -> (granted: String, ios: String)? {
            let nameNode = model.bindings[index].nameNode
            var memberNode = nameNode
            if nameNode.is(.identifier), let pair = nameNode.parent, pair.is(.pairPattern),
               pair.child(byField: .value)?.id == nameNode.id {
                memberNode = pair
            }
            guard let pattern = memberNode.parent, pattern.is(.objectPattern), let holder = pattern.parent,
                  [.variableDeclarator, .requiredParameter, .optionalParameter].contains(holder.nodeKind),
                  holder.child(byField: holder.is(.variableDeclarator) ? .name : .pattern)?.id == pattern.id else { return nil }
            let key = pattern.id
            if let known = patternNames[key] {
                guard let known, existingNamesMeanTheSame(pattern, at: use) else { return nil }
                return known
            }
            patternNames[key] = .some(nil)
            // The members already there.
            var existing: [String: Node] = [:]
            var localOf: [String: String] = [:]
            for member in pattern.namedChildren where member.nodeKind != .comment {
                switch member.nodeKind {
                case .shorthandPropertyIdentifierPattern:
                    existing[member.text] = member
                    localOf[member.text] = member.text
                case .pairPattern:
                    guard let keyNode = member.child(byField: .key), let name = Syntax.propertyName(keyNode) else { return nil }
                    guard let value = member.child(byField: .value) else { return nil }
                    if ["granted", "ios"].contains(name) {
                        guard value.is(.identifier) else { return nil }
                        existing[name] = value
                    }
                    if value.is(.identifier) { localOf[name] = value.text }
                case .objectAssignmentPattern:
                    guard let left = member.child(byField: .left) else { return nil }
                    if left.is(.shorthandPropertyIdentifierPattern) {
                        existing[left.text] = left
                        localOf[left.text] = left.text
                    } else if left.is(.pairPattern), let keyNode = left.child(byField: .key),
                              ["granted", "ios"].contains(Syntax.propertyName(keyNode) ?? "") {
                        return nil
                    }
                default:
                    // `...rest` (which would lose what the fix takes out) or anything unexpected.
                    return nil
                }
            }
            // New names follow the status (or granted) binding's name: `existingStatus` → `existingGranted`.
            var prefix = ""
            if let status = localOf["status"] {
                prefix = status == "status" ? "" : status.hasSuffix("Status") ? String(status.dropLast(6)) : status
            } else if let granted = localOf["granted"] {
                prefix = granted == "granted" ? "" : granted.hasSuffix("Granted") ? String(granted.dropLast(7)) : granted
            }
            // `isGranted` → `ios`, not `isIos`.
            if ["is", "has", "was"].contains(prefix) { prefix = "" }
            let region = (model.enclosingFunction(of: pattern) ?? model.tree.root).byteRange
            var members: [String] = []
            func name(for property: String) -> String? {
                if let node = existing[property] { return node.text }
                let capitalised = property.prefix(1).uppercased() + property.dropFirst()
                let candidates = prefix.isEmpty ? [property, "permission" + capitalised] : [prefix + capitalised]
                guard let free = freeNames.choose(candidates, in: region) else { return nil }
                members.append(free == property ? property : "\(property): \(free)")
                return free
            }
            guard let granted = name(for: "granted"), let ios = name(for: "ios") else { return nil }
            if !members.isEmpty { patternAdditions[key] = (pattern, members) }
            let names = (granted: granted, ios: ios)
            patternNames[key] = .some(names)
            guard existingNamesMeanTheSame(pattern, at: use) else { return nil }
            return names
        }

        /// Whether the `granted` / `ios` bindings a pattern already has are the ones their names reach
        /// at `use`, and are never written.
        private func existingNamesMeanTheSame(_ pattern: Node, at use: Node) -> Bool {
            for member in pattern.namedChildren {
                var binding: Node?
                switch member.nodeKind {
                case .shorthandPropertyIdentifierPattern:
                    binding = member
                case .pairPattern:
                    if let key = member.child(byField: .key), ["granted", "ios"].contains(Syntax.propertyName(key) ?? "") {
                        binding = member.child(byField: .value)
                    }
                case .objectAssignmentPattern:
                    binding = member.child(byField: .left)
                default:
                    break
                }
                guard let binding else { continue }
                if member.nodeKind != .pairPattern, !["granted", "ios"].contains(binding.text) { continue }
                guard let index = model.resolve(name: binding.text, at: binding), model.bindings[index].writes.isEmpty,
                      model.resolve(name: binding.text, at: use) == index else { return false }
            }
            return true
        }

        // MARK: Responses bound once

        /// Binds the awaited response `holder` once, `const permissions = await …;`, just before the
        /// statement that evaluates it first; with `replacingIt`, the expression itself then reads the
        /// name (otherwise the decision's own replacement covers it).
        private func bindOnce(_ holder: Node, replacingIt: Bool) -> String? {
            if let known = bound[holder.id] { return known }
            let awaited = Syntax.unwrap(holder)
            guard awaited.is(.awaitExpression) || awaited.is(.yieldExpression),
                  let statement = Plan.statementEvaluatingFirst(holder),
                  let block = statement.parent, [.statementBlock, .program].contains(block.nodeKind),
                  let name = freeNames.choose(["permissions", "permissionResponse"], in: (model.enclosingFunction(of: statement) ?? model.tree.root).byteRange)
            else { return nil }
            edits.append(Edits.insertion(of: "const \(name) = \(awaited.text);", before: statement))
            if replacingIt { edits.append(TextEdit(range: holder.byteRange, replacement: name)) }
            bound[holder.id] = name
            return name
        }

        /// The statement `expression` is evaluated first in: up through `.status` / `.granted`,
        /// parentheses, `!`, the left of a binary operator (or its right after a literal or a plain
        /// name), a ternary's condition, to a `return`, an `if`'s condition, an expression statement or
        /// the first declarator of a declaration.
        static func statementEvaluatingFirst(_ expression: Node) -> Node? {
            var child = expression
            while let parent = child.parent {
                switch parent.nodeKind {
                case .memberExpression:
                    guard parent.child(byField: .object)?.id == child.id else { return nil }
                case .parenthesizedExpression:
                    break
                case .unaryExpression:
                    guard Syntax.operatorText(parent) == "!" else { return nil }
                case .binaryExpression:
                    if parent.child(byField: .right)?.id == child.id {
                        guard let left = parent.child(byField: .left), runsNoCode(left) || Syntax.stringValue(left) != nil else { return nil }
                    }
                case .ternaryExpression:
                    guard parent.child(byField: .condition)?.id == child.id else { return nil }
                case .ifStatement:
                    return parent.child(byField: .condition)?.id == child.id ? parent : nil
                case .returnStatement, .expressionStatement:
                    return parent
                case .variableDeclarator:
                    guard parent.child(byField: .value)?.id == child.id, let declaration = parent.parent,
                          declaration.is(.lexicalDeclaration),
                          declaration.namedChildren.first(where: { $0.is(.variableDeclarator) })?.id == parent.id else { return nil }
                    return declaration
                default:
                    return nil
                }
                child = parent
            }
            return nil
        }

        // MARK: Flags

        /// The boolean that follows status variable `index` through its writes: declared after its
        /// declaration, set again after each write. nil when a write is not a plain `x = value;`
        /// statement in a block, or a written value has no test.
        private func flag(following index: Int) -> String? {
            if let known = flags[index] { return known }
            flags[index] = .some(nil)
            let binding = model.bindings[index]
            var declarator = binding.nameNode.parent
            if declarator?.nodeKind != .variableDeclarator {
                // `let { status } = …`: the pattern's declarator.
                declarator = declarator?.parent
                if declarator?.nodeKind == .pairPattern || declarator?.nodeKind == .objectPattern { declarator = declarator?.parent }
            }
            guard let declarator, declarator.is(.variableDeclarator), let declaration = declarator.parent,
                  declaration.is(.lexicalDeclaration), let block = declaration.parent,
                  [.statementBlock, .program].contains(block.nodeKind) else { return nil }
            let initial: Test?
            switch binding.declaration {
            case let .variable(initializer?, path) where path.isEmpty:
                initial = statusTest(initializer, at: declaration, readThere: true, depth: 1)
            case .variable:
                if pathOf(index) == [.property("status")], model.destructuresPermissionResponse(binding: index),
                   let names = names(forPatternOf: index, at: declaration) {
                    initial = .expression(deliverable(granted: names.granted, iosStatus: "\(names.ios)?.status"))
                } else {
                    initial = nil
                }
            default:
                initial = nil
            }
            guard let initial else { return nil }
            var updates: [(statement: Node, test: Test)] = []
            for write in binding.writes {
                guard write.node.is(.assignmentExpression), write.path.isEmpty, let value = write.value,
                      let statement = write.node.parent, statement.is(.expressionStatement),
                      let writeBlock = statement.parent, [.statementBlock, .program].contains(writeBlock.nodeKind),
                      let test = statusTest(value, at: statement, readThere: true, depth: 1) else { return nil }
                updates.append((statement, test))
            }
            let name = binding.name
            let base = name == "status" ? "deliverable" : name.hasSuffix("Status") ? String(name.dropLast(6)) + "Deliverable" : name + "Deliverable"
            guard let flag = freeNames.choose([base], in: (model.enclosingFunction(of: declaration) ?? model.tree.root).byteRange) else { return nil }
            edits.append(Edits.insertion(of: "let \(flag) = \(initial.text);", after: declaration))
            plannedFlags.append((flag, index, declaration, initial))
            enumPlaces.append(declaration)
            for update in updates {
                edits.append(Edits.insertion(of: "\(flag) = \(update.test.text);", after: update.statement))
                enumPlaces.append(update.statement)
            }
            flags[index] = .some(flag)
            return flag
        }

        /// A flag that holds `test` already where `site` is evaluated, so that the decision reads it
        /// rather than writing the same test again: the flag of a copy of `variable` (`let finalStatus =
        /// existingStatus;` declares `finalDeliverable` as the test of `existingStatus`, which the
        /// `if (existingStatus !== 'granted')` after it then reads), started as that same test. It must
        /// still hold it at `site`: `site` is evaluated first in a statement after the flag's
        /// declaration, in its block, and the copy is written (and the flag set anew) only after `site`,
        /// in the same function; what the test reads is never written (`statusTest` sees to that).
        private func flag(holding test: Test, at site: Node, copying variable: Int?) -> String? {
            guard let variable, case .expression = test, let statement = Plan.statementEvaluatingFirst(site) else { return nil }
            for flag in plannedFlags where flag.initial.text == test.text {
                let copy = model.bindings[flag.following]
                guard case let .variable(initializer?, path) = copy.declaration, path.isEmpty,
                      case let original = Syntax.unwrap(initializer), original.is(.identifier),
                      model.resolve(name: original.text, at: original) == variable,
                      let block = flag.declaration.parent, statement.parent?.id == block.id,
                      flag.declaration.endByte <= statement.startByte else { continue }
                let function = model.enclosingFunction(of: flag.declaration)?.id
                guard copy.writes.allSatisfy({ $0.node.startByte >= site.endByte && model.enclosingFunction(of: $0.node)?.id == function }) else { continue }
                return flag.name
            }
            return nil
        }

        // MARK: The fix

        func fix() -> Fix? {
            guard let reference = model.expoEnumReference("IosAuthorizationStatus", usableAt: enumPlaces) else { return nil }
            var planned = (rewrites.map(replacement) + edits).map { edit in
                TextEdit(range: edit.range, replacement: edit.replacement.replacingOccurrences(of: Plan.enumPlaceholder, with: reference.text))
            }
            for (pattern, members) in patternAdditions.values {
                guard let addition = Edits.appending(members, to: pattern) else { return nil }
                planned.append(addition)
            }
            if let list = reference.listToExtend {
                guard let addition = Edits.appending([reference.text], to: list) else { return nil }
                planned.append(addition)
            }
            guard let combined = Edits.combined(planned) else { return nil }
            return Fix(title: ProvisionalBlindRepair.title, applicability: .unsafe, edits: combined)
        }

        // MARK: Syntax

        /// `a?.b`: the member is read through optional chaining.
        static func isOptional(_ member: Node) -> Bool {
            guard let object = member.child(byField: .object), let property = member.child(byField: .property),
                  object.endByte <= property.startByte else { return false }
            return member.tree.source.text(in: object.endByte..<property.startByte).contains("?.")
        }

        /// A name, `this`, or a member chain of those (with `!` or parentheses): reading it again runs
        /// no code and gives the same object.
        static func runsNoCode(_ node: Node) -> Bool {
            switch node.nodeKind {
            case .identifier, .this:
                return true
            case .memberExpression:
                return node.child(byField: .property)?.nodeKind == .propertyIdentifier
                    && (node.child(byField: .object).map(runsNoCode) ?? false)
            case .nonNullExpression, .parenthesizedExpression:
                return node.namedChildren.first { $0.nodeKind != .comment }.map(runsNoCode) ?? false
            default:
                return false
            }
        }

        /// The identifier a member chain starts from (nil for `this`).
        static func rootIdentifier(_ node: Node) -> Node? {
            var current = Syntax.unwrap(node)
            while current.is(.memberExpression), let object = current.child(byField: .object) {
                current = Syntax.unwrap(object)
            }
            return current.is(.identifier) ? current : nil
        }

        /// `let` / `const` (not `var`, whose scope is the whole function).
        static func isLexical(_ nameNode: Node) -> Bool {
            nameNode.parent?.nodeKind == .variableDeclarator && nameNode.parent?.parent?.nodeKind == .lexicalDeclaration
        }
    }
}
