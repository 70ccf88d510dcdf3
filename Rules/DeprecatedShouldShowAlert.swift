import GrantedLinter
import GrantedSemantics
import GrantedSyntax

/// `shouldShowAlert` in a notification behavior: deprecated since SDK 53 in favour of
/// `shouldShowBanner` and `shouldShowList`.
public struct DeprecatedShouldShowAlert: Rule {
    public static let description = RuleDescription(
        id: "deprecated-should-show-alert",
        summary: "`shouldShowAlert` in an expo-notifications handler is deprecated; use `shouldShowBanner` and `shouldShowList`",
        rationale: """
        ## What it does
        Reports each `shouldShowAlert` key in the `NotificationBehavior` that expo-notifications' \
        `setNotificationHandler({ handleNotification })` returns (an arrow with an object body, \
        `return { ... }`, `Promise.resolve({ ... })`, or a local variable that is returned), and in any \
        object typed `: NotificationBehavior` or `satisfies NotificationBehavior`. Handlers of other \
        libraries are left alone: `setNotificationHandler` must resolve to expo-notifications.

        ## Why is this bad?
        Since SDK 53 `shouldShowAlert` is deprecated: it still works, but it logs a warning at run time \
        for every notification that arrives, and the TypeScript types require the two fields that \
        replaced it, `shouldShowBanner` (show the banner) and `shouldShowList` (keep it in Notification \
        Center).

        ## Example
        ```ts
        Notifications.setNotificationHandler({
          handleNotification: async () => ({
            shouldShowAlert: true,
            shouldPlaySound: false,
            shouldSetBadge: false,
          }),
        });
        ```
        Use instead:
        ```ts
        Notifications.setNotificationHandler({
          handleNotification: async () => ({
            shouldShowBanner: true,
            shouldShowList: true,
            shouldPlaySound: false,
            shouldSetBadge: false,
          }),
        });
        ```

        ## Fix safety
        With neither replacement present, `shouldShowAlert: X` becomes `shouldShowBanner: X` and \
        `shouldShowList: X`, which keeps the meaning, written the way the object is: one property per \
        line with the line's indentation and line ending, or inline. `X` is kept exactly as written. A \
        short value that runs no code (a literal, a name, a member chain without calls, a comparison \
        of those) may be written twice; any other value is bound once, in a `const showAlert = X;` (a \
        name the file does not use) — safe when nothing before it in the object runs code. The \
        declaration goes just before the `return` or declaration that builds the object; in an arrow \
        with an expression body (`async (n) => ({ ... })`) the body becomes a block, \
        `{ const showAlert = X; return { ... }; }`, one statement per line, indented like the lines \
        around it, with the file's line endings (a multi-line object stays multi-line, its comments \
        kept; the parentheses around the body go) — there a value that runs no code, however long, is \
        written twice instead. The object may sit in parentheses, a cast (`as`, \
        `satisfies`, `!`), an `await`, or a call whose callee and earlier arguments run no code \
        (`Promise.resolve({ ... })`). Where the value cannot be bound once — the object is a branch of \
        `? :` (binding the value first would run it when the other branch is taken) or otherwise part \
        of a larger expression, or a member before it runs code — a value that runs no code is written \
        twice (safe); any other makes the fix unsafe, and it says why: it writes `X` twice. With one \
        replacement present \
        the missing one is added; with both present the key is removed (safe), with a comment that \
        sits on its line alone — the fix says so.

        When `shouldShowAlert` contradicts both new keys (`true` next to `shouldShowBanner: false` and \
        `shouldShowList: false`, or the reverse), the finding names what happens on SDK 53 and later \
        (the new keys win) and the removal is unsafe: the author must say what they mean.

        ## References
        - expo/expo PR #36361 (SDK 53): `shouldShowAlert` deprecated — "instead, specify \
        `shouldShowBanner` and / or `shouldShowList`" (granted-lint facts: Handler behaviour).
        - expo-notifications `NotificationBehavior` type, `packages/expo-notifications/src/Notifications.types.ts`.
        """,
        defaultSeverity: .warning,
        fixAvailability: .always,
        tags: ["expo-notifications", "deprecation", "maintainability"],
        precision: "very-high",
        triggeringExamples: [
            """
            import * as Notifications from 'expo-notifications';
            Notifications.setNotificationHandler({
              handleNotification: async () => ({
                ↓shouldShowAlert: true,
                shouldPlaySound: false,
                shouldSetBadge: false,
              }),
            });
            """,
            """
            import { setNotificationHandler as setHandler } from 'expo-notifications';
            setHandler({
              async handleNotification() {
                return { ↓shouldShowAlert: true, shouldPlaySound: true, shouldSetBadge: false };
              },
            });
            """,
            """
            const Notifications = require('expo-notifications');
            Notifications.setNotificationHandler({
              handleNotification: () => Promise.resolve({ ↓shouldShowAlert: false, shouldPlaySound: false, shouldSetBadge: false }),
            });
            """,
            """
            import * as N from 'expo-notifications';
            N.setNotificationHandler({
              handleNotification: async () => {
                const behavior = { ↓shouldShowAlert: true, shouldPlaySound: true, shouldSetBadge: true };
                return behavior;
              },
            });
            """,
            RuleExample("""
            import type { NotificationBehavior } from 'expo-notifications';
            export const foreground: NotificationBehavior = { ↓shouldShowAlert: true, shouldPlaySound: false, shouldSetBadge: false };
            export const quiet = { ↓shouldShowAlert: false, shouldPlaySound: false, shouldSetBadge: false } satisfies NotificationBehavior;
            """, path: "behavior.ts"),
            """
            import * as Notifications from 'expo-notifications';
            const handleNotification = async () => ({ ↓shouldShowAlert: true, shouldPlaySound: false, shouldSetBadge: false });
            Notifications.setNotificationHandler({ handleNotification });
            """,
        ],
        nonTriggeringExamples: [
            """
            import * as Notifications from 'expo-notifications';
            Notifications.setNotificationHandler({
              handleNotification: async () => ({
                shouldShowBanner: true,
                shouldShowList: true,
                shouldPlaySound: false,
                shouldSetBadge: false,
              }),
            });
            """,
            """
            import { setNotificationHandler } from './my-notifications';
            setNotificationHandler({ handleNotification: async () => ({ shouldShowAlert: true }) });
            """,
            """
            import notifee from '@notifee/react-native';
            const options = { shouldShowAlert: true };
            notifee.setNotificationHandler?.({ handleNotification: () => options });
            """,
            """
            import * as Notifications from 'expo-notifications';
            const legacyConfig = { shouldShowAlert: true };
            Notifications.setNotificationHandler({
              handleNotification: async () => ({ shouldShowBanner: true, shouldShowList: false, shouldPlaySound: false, shouldSetBadge: false }),
            });
            """,
        ],
        corrections: [
            RuleCorrection(
                "import * as N from 'expo-notifications';\nN.setNotificationHandler({ handleNotification: async () => ({ ↓shouldShowAlert: true, shouldPlaySound: false, shouldSetBadge: false }) });\n",
                "import * as N from 'expo-notifications';\nN.setNotificationHandler({ handleNotification: async () => ({ shouldShowBanner: true, shouldShowList: true, shouldPlaySound: false, shouldSetBadge: false }) });\n"
            ),
            RuleCorrection(
                "import * as N from 'expo-notifications';\nN.setNotificationHandler({ handleNotification: async () => ({ ↓shouldShowAlert: show, shouldShowList: true, shouldPlaySound: false, shouldSetBadge: false }) });\n",
                "import * as N from 'expo-notifications';\nN.setNotificationHandler({ handleNotification: async () => ({ shouldShowBanner: show, shouldShowList: true, shouldPlaySound: false, shouldSetBadge: false }) });\n"
            ),
            RuleCorrection(
                "import * as N from 'expo-notifications';\nN.setNotificationHandler({ handleNotification: async () => ({ ↓shouldShowAlert: true, shouldShowBanner: true, shouldShowList: true, shouldPlaySound: false, shouldSetBadge: false }) });\n",
                "import * as N from 'expo-notifications';\nN.setNotificationHandler({ handleNotification: async () => ({ shouldShowBanner: true, shouldShowList: true, shouldPlaySound: false, shouldSetBadge: false }) });\n"
            ),
            RuleCorrection(
                "import * as N from 'expo-notifications';\nN.setNotificationHandler({\n  handleNotification: async () => ({\n    ↓shouldShowAlert: true,\n    shouldPlaySound: false,\n  }),\n});\n",
                "import * as N from 'expo-notifications';\nN.setNotificationHandler({\n  handleNotification: async () => ({\n    shouldShowBanner: true,\n    shouldShowList: true,\n    shouldPlaySound: false,\n  }),\n});\n"
            ),
            RuleCorrection(
                "import * as N from 'expo-notifications';\nN.setNotificationHandler({\n  handleNotification: async (n) => {\n    return {\n      ↓shouldShowAlert: shouldAlert(n),\n      shouldPlaySound: false,\n    };\n  },\n});\n",
                "import * as N from 'expo-notifications';\nN.setNotificationHandler({\n  handleNotification: async (n) => {\n    const showAlert = shouldAlert(n);\n    return {\n      shouldShowBanner: showAlert,\n      shouldShowList: showAlert,\n      shouldPlaySound: false,\n    };\n  },\n});\n"
            ),
            RuleCorrection(
                "import * as N from 'expo-notifications';\nN.setNotificationHandler({\n  handleNotification: async (n) => ({ ↓shouldShowAlert: shouldAlert(n), shouldPlaySound: false, shouldSetBadge: false }),\n});\n",
                "import * as N from 'expo-notifications';\nN.setNotificationHandler({\n  handleNotification: async (n) => {\n    const showAlert = shouldAlert(n);\n    return { shouldShowBanner: showAlert, shouldShowList: showAlert, shouldPlaySound: false, shouldSetBadge: false };\n  },\n});\n"
            ),
            RuleCorrection(
                "import * as N from 'expo-notifications';\nN.setNotificationHandler({ handleNotification: async () => ({ ↓shouldShowAlert: true, shouldShowBanner: false, shouldShowList: false, shouldPlaySound: false, shouldSetBadge: false }) });\n",
                "import * as N from 'expo-notifications';\nN.setNotificationHandler({ handleNotification: async () => ({ shouldShowBanner: false, shouldShowList: false, shouldPlaySound: false, shouldSetBadge: false }) });\n",
                applicability: .unsafe
            ),
            RuleCorrection(
                "import * as N from 'expo-notifications';\nN.setNotificationHandler({\n  handleNotification: async () =>\n    muted\n      ? { shouldShowBanner: false, shouldShowList: false, shouldPlaySound: false, shouldSetBadge: false }\n      : { ↓shouldShowAlert: isForeground(), shouldPlaySound: false, shouldSetBadge: false },\n});\n",
                "import * as N from 'expo-notifications';\nN.setNotificationHandler({\n  handleNotification: async () =>\n    muted\n      ? { shouldShowBanner: false, shouldShowList: false, shouldPlaySound: false, shouldSetBadge: false }\n      : { shouldShowBanner: isForeground(), shouldShowList: isForeground(), shouldPlaySound: false, shouldSetBadge: false },\n});\n",
                applicability: .unsafe
            ),
        ],
        messages: [
            RuleMessage(
                "deprecated", "`shouldShowAlert` is deprecated since expo-notifications SDK 53",
                notes: ["it still works, but logs a warning for every notification; the types require `shouldShowBanner` and `shouldShowList`"],
                help: "use `shouldShowBanner` and `shouldShowList`"
            ),
            RuleMessage(
                "contradictsHidden", "`shouldShowAlert: true` contradicts `shouldShowBanner: false` and `shouldShowList: false`",
                notes: ["on SDK 53 and later the new keys decide: this notification is neither shown as a banner nor kept in the list"],
                help: "remove `shouldShowAlert` and set the new keys to what you mean"
            ),
            RuleMessage(
                "contradictsShown", "`shouldShowAlert: false` contradicts `shouldShowBanner: true` and `shouldShowList: true`",
                notes: ["on SDK 53 and later the new keys decide: this notification is shown as a banner and kept in the list"],
                help: "remove `shouldShowAlert` and set the new keys to what you mean"
            ),
        ]
    )

    public static let nodeKinds: Set<NodeKind> = [.pair, .shorthandPropertyIdentifier]

    public init() {}

    public func visit(_ node: Node, in context: RuleContext) {
        let key = node.is(.pair) ? node.child(byField: .key) : node
        guard let key, key.nodeKind != .computedPropertyName, Syntax.propertyName(key) == "shouldShowAlert",
              let object = node.parent, object.is(.object) else { return }
        let model = context.semantic
        guard model.usesExpoNotifications, isNotificationBehavior(object, model) else { return }
        if let contradiction = Self.contradiction(member: node, in: object) {
            let removal = Self.removal(of: node)
            context.report(key, contradiction, fix: Fix(
                title: "Remove `shouldShowAlert` (the new keys already decide; check they say what you mean)",
                applicability: .unsafe, edits: [removal.edit], note: removal.note
            ))
            return
        }
        context.report(
            key,
            "deprecated",
            fix: Self.fix(for: node, in: object, model: model)
        )
    }

    /// `shouldShowAlert: true` next to `shouldShowBanner: false` and `shouldShowList: false` (or
    /// `false` next to both `true`): from SDK 53 the new keys win, so the old key says the opposite of
    /// what happens. Worth telling, not deleting in silence.
    /// The message id of the contradiction, if there is one.
    static func contradiction(member: Node, in object: Node) -> String? {
        func literal(_ node: Node?) -> Bool? {
            guard let node else { return nil }
            switch Syntax.unwrap(node).nodeKind {
            case .true: return true
            case .false: return false
            default: return nil
            }
        }
        let members = Syntax.objectMembers(object)
        guard let alert = literal(member.is(.pair) ? member.child(byField: .value) : nil),
              let banner = literal(members.last(where: { $0.name == "shouldShowBanner" })?.value),
              let list = literal(members.last(where: { $0.name == "shouldShowList" })?.value) else { return nil }
        if alert, !banner, !list {
            return "contradictsHidden"
        }
        if !alert, banner, list {
            return "contradictsShown"
        }
        return nil
    }

    private func isNotificationBehavior(_ object: Node, _ model: SemanticModel) -> Bool {
        // Typed as a behavior: `: NotificationBehavior`, `satisfies NotificationBehavior`, `as ...`.
        var current = object
        while let parent = current.parent {
            if parent.is(.satisfiesExpression) || parent.is(.asExpression),
               let type = parent.namedChildren.last, model.typeNamesExpoType(type, "NotificationBehavior") {
                return true
            }
            guard parent.is(.parenthesizedExpression) || parent.is(.satisfiesExpression)
                    || parent.is(.asExpression) else {
                if parent.is(.variableDeclarator), let type = parent.child(byField: .type),
                   model.typeNamesExpoType(type, "NotificationBehavior") {
                    return true
                }
                break
            }
            current = parent
        }
        if let function = model.returningFunction(of: object), let returnType = function.child(byField: .returnType),
           model.typeNamesExpoType(returnType, "NotificationBehavior") {
            return true
        }
        return model.notificationBehaviorObjects().contains(object.id)
    }

    /// A value written twice is evaluated twice: only what runs no code may be — literals, names,
    /// member chains without calls (`a.b?.c!`), and comparisons, `!`, `typeof` and logical operators
    /// over those.
    static func isPlain(_ node: Node) -> Bool {
        switch node.nodeKind {
        case .true, .false, .null, .undefined, .number, .string, .identifier, .this, .shorthandPropertyIdentifier:
            return true
        case .memberExpression:
            return node.child(byField: .object).map(isPlain) ?? false
        case .nonNullExpression, .parenthesizedExpression:
            return node.namedChildren.first { $0.nodeKind != .comment }.map(isPlain) ?? false
        case .unaryExpression:
            guard let operator_ = node.child(byField: .operator)?.text, ["!", "typeof", "-"].contains(operator_) else { return false }
            return node.child(byField: .argument).map(isPlain) ?? false
        case .binaryExpression:
            guard let operator_ = node.child(byField: .operator)?.text,
                  ["===", "!==", "==", "!=", "<", ">", "<=", ">=", "&&", "||", "??"].contains(operator_) else { return false }
            return (node.child(byField: .left).map(isPlain) ?? false) && (node.child(byField: .right).map(isPlain) ?? false)
        default:
            return false
        }
    }

    /// Short plain values are written twice; longer ones are bound once where a declaration can go.
    static let longestDuplicatedValue = 40

    static func fix(for member: Node, in object: Node, model: SemanticModel) -> Fix {
        let members = Syntax.objectMembers(object)
        let names = Set(members.compactMap(\.name))
        let hasBanner = names.contains("shouldShowBanner")
        let hasList = names.contains("shouldShowList")
        if hasBanner && hasList {
            let removal = removal(of: member)
            return Fix(title: "Remove `shouldShowAlert`", applicability: .safe, edits: [removal.edit], note: removal.note)
        }
        // The value exactly as written (casts, `!`, optional chains, comments inside it).
        let valueNode = member.is(.pair) ? member.child(byField: .value) : member
        let valueText = valueNode?.text ?? "true"
        if hasBanner || hasList {
            let key = hasBanner ? "shouldShowList" : "shouldShowBanner"
            return Fix(title: "Replace `shouldShowAlert` with `\(key)`", applicability: .safe,
                       edits: [TextEdit(range: member.byteRange, replacement: "\(key): \(valueText)")])
        }
        let source = member.tree.source
        let stylist = Stylist(source)
        let separator = stylist.memberSeparator(for: member)
        func pair(_ value: String) -> String { "shouldShowBanner: \(value),\(separator)shouldShowList: \(value)" }
        let title = "Replace `shouldShowAlert` with `shouldShowBanner` and `shouldShowList`"
        let plain = valueNode.map(isPlain) ?? true
        guard valueNode != nil, !plain || valueText.count > longestDuplicatedValue else {
            return Fix(title: title, applicability: .safe, edits: [TextEdit(range: member.byteRange, replacement: pair(valueText))])
        }
        // Anything else is bound once, in a `const` just before the statement that builds the object.
        switch bindingPlace(for: object, member: member) {
        case let .statement(statement):
            let name = freeName(in: source)
            let indentation = stylist.indentation(before: statement.startByte)
            let declaration = "const \(name) = \(valueText);\(stylist.lineEnding(after: member.endByte))\(indentation)"
            return Fix(title: title + " (the value bound once, as `\(name)`)", applicability: .safe, edits: [
                TextEdit(range: statement.startByte..<statement.startByte, replacement: declaration),
                TextEdit(range: member.byteRange, replacement: pair(name)),
            ])
        case let .arrowBody(arrow, body):
            if plain {
                // It runs no code: written twice, however long, rather than the body rewritten.
                return Fix(title: title, applicability: .safe, edits: [TextEdit(range: member.byteRange, replacement: pair(valueText))])
            }
            // `=> ({ ... })` becomes `=> { const showAlert = X; return { ... }; }`.
            let name = freeName(in: source)
            let edit = Edits.blockBody(of: arrow, body: body, statement: "const \(name) = \(valueText);", rewriting: member.byteRange) { addedIndentation in
                let indentedSeparator = separator == " " ? " " : separator + addedIndentation
                return "shouldShowBanner: \(name),\(indentedSeparator)shouldShowList: \(name)"
            }
            return Fix(title: title + " (the value bound once, as `\(name)`, in a block body)", applicability: .safe, edits: [edit])
        case let .impossible(reason):
            if plain {
                // It runs no code: writing it twice is only longer.
                return Fix(title: title, applicability: .safe, edits: [TextEdit(range: member.byteRange, replacement: pair(valueText))])
            }
            return Fix(title: title + " (unsafe: the value is written twice, so it runs twice; \(reason))",
                       applicability: .unsafe, edits: [TextEdit(range: member.byteRange, replacement: pair(valueText))])
        }
    }

    enum BindingPlace {
        /// Before this statement (a `return` or a declaration), in its block.
        case statement(Node)
        /// In a block that replaces the expression body of this arrow.
        case arrowBody(arrow: Node, body: Node)
        case impossible(String)
    }

    /// Where `const x = value;` can go so that the value still runs exactly once, in the same order
    /// relative to everything else: before the `return` or declaration whose value is the object, in
    /// a block or at the top level, or in a block that replaces an arrow's expression body, when no
    /// member before it runs code. The object may be wrapped in what evaluates it first and
    /// unconditionally (parentheses, `as`, `satisfies`, `!`, `await`, an argument of a call such as
    /// `Promise.resolve(...)` whose callee and earlier arguments run no code); in anything else (a
    /// branch of `? :`, `&&`, ...) it may not run at all, and binding it first would run it.
    static func bindingPlace(for object: Node, member: Node) -> BindingPlace {
        var outer = object
        climb: while let parent = outer.parent {
            switch parent.nodeKind {
            case .parenthesizedExpression, .asExpression, .satisfiesExpression, .nonNullExpression,
                 .typeAssertion, .awaitExpression:
                outer = parent
            case .arguments:
                guard let call = parent.parent, call.is(.callExpression), evaluatesFirst(outer, of: call) else { break climb }
                outer = call
            default:
                break climb
            }
        }
        guard let holder = outer.parent else { return .impossible("nowhere to put a declaration") }
        let statement: Node
        switch holder.nodeKind {
        case .returnStatement:
            statement = holder
        case .variableDeclarator:
            guard let declaration = holder.parent, [.lexicalDeclaration, .variableDeclaration].contains(declaration.nodeKind) else {
                return .impossible("the object is not a whole declaration")
            }
            statement = declaration.parent?.nodeKind == .exportStatement ? declaration.parent! : declaration
        case .arrowFunction where holder.child(byField: .body)?.id == outer.id:
            if let reason = earlierMemberRunningCode(before: member, in: object) { return .impossible(reason) }
            return .arrowBody(arrow: holder, body: outer)
        default:
            return .impossible("the object is part of a larger expression")
        }
        guard let block = statement.parent, [.statementBlock, .program].contains(block.nodeKind) else {
            return .impossible("the statement is not in a block")
        }
        if let reason = earlierMemberRunningCode(before: member, in: object) { return .impossible(reason) }
        return .statement(statement)
    }

    /// Why a member before `member` keeps its value from being bound first: members before it run
    /// first today, and hoisting the value ahead of code would reorder them.
    static func earlierMemberRunningCode(before member: Node, in object: Node) -> String? {
        for earlier in Syntax.objectMembers(object) where earlier.node.startByte < member.startByte {
            guard let value = earlier.value, earlier.node.is(.pair) || earlier.node.is(.shorthandPropertyIdentifier) else {
                return "a member before it is computed"
            }
            if !isPlain(Syntax.unwrap(value)), !isPlain(value) { return "a member before it runs code" }
            // A computed key (`[key()]: true`) runs before its value, and before `shouldShowAlert`.
            if earlier.key.is(.computedPropertyName),
               !(earlier.key.namedChildren.first { $0.nodeKind != .comment }.map(isPlain) ?? false) {
                return "a member before it runs code"
            }
        }
        return nil
    }

    /// Whether `call` evaluates its argument `argument` before it runs any code of its own: the callee
    /// is a member chain without calls and without `?.` (which could skip the arguments), the call is
    /// not optional, and the arguments before it run no code.
    static func evaluatesFirst(_ argument: Node, of call: Node) -> Bool {
        // `a?.b` holds an `optional_chain` node, `f?.()` a `?.` token.
        func isOptional(_ node: Node) -> Bool { node.is(.optionalChain) || node.is(.questionDot) }
        func hasOptionalChain(_ node: Node) -> Bool {
            node.children.contains { isOptional($0) || hasOptionalChain($0) }
        }
        guard let callee = call.child(byField: .function), isPlain(callee), !hasOptionalChain(callee),
              !call.children.contains(where: isOptional),
              let arguments = call.child(byField: .arguments) else { return false }
        return arguments.namedChildren.allSatisfy { earlier in
            earlier.startByte >= argument.startByte || earlier.is(.comment) || isPlain(earlier)
        }
    }

    /// The name of the value bound once: `showAlert`, or `showAlert2`, `showAlert3`… when the file
    /// has that word anywhere already.
    static func freeName(in source: SourceText) -> String {
        var names = FreeNames(wordsOf: source)
        // Numbered without end, some name is always free.
        return names.choose(["showAlert"])!
    }

    /// The edit that deletes a member with its trailing comma (its whole line when it has one of its
    /// own), and a note naming the comment that went with that line.
    static func removal(of member: Node) -> (edit: TextEdit, note: String?) {
        let deletion = Edits.deletion(of: member)
        return (deletion.edit, deletion.deletedComment.map { "deletes the comment `\($0)` with the `shouldShowAlert` line it belonged to" })
    }
}
