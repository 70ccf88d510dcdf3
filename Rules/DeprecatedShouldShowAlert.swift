import GrantedEngine
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
        With neither replacement present, `shouldShowAlert: X` becomes `shouldShowBanner: X, \
        shouldShowList: X`, which keeps the meaning. That is safe when `X` is a literal or an identifier; \
        any other expression would be evaluated twice, so the fix is then offered as unsafe. With one \
        replacement present the missing one is added; with both present the key is removed (safe).

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
                "import * as N from 'expo-notifications';\nN.setNotificationHandler({ handleNotification: async () => ({ ↓shouldShowAlert: isForeground(), shouldPlaySound: false, shouldSetBadge: false }) });\n",
                "import * as N from 'expo-notifications';\nN.setNotificationHandler({ handleNotification: async () => ({ shouldShowBanner: isForeground(), shouldShowList: isForeground(), shouldPlaySound: false, shouldSetBadge: false }) });\n",
                applicability: .unsafe
            ),
        ]
    )

    public static let nodeKinds: Set<String> = ["pair", "shorthand_property_identifier"]

    public init() {}

    public func visit(_ node: Node, in context: RuleContext) {
        let key = node.kind == "pair" ? node.child(byField: "key") : node
        guard let key, key.kind != "computed_property_name", Syntax.propertyName(key) == "shouldShowAlert",
              let object = node.parent, object.kind == "object" else { return }
        let model = context.semantic
        guard model.importsExpoNotifications, isNotificationBehavior(object, model) else { return }
        context.report(
            key,
            message: "`shouldShowAlert` is deprecated since expo-notifications SDK 53 and logs a warning for every notification; use `shouldShowBanner` and `shouldShowList` instead.",
            fix: fix(for: node, in: object)
        )
    }

    private func isNotificationBehavior(_ object: Node, _ model: SemanticModel) -> Bool {
        // Typed as a behavior: `: NotificationBehavior`, `satisfies NotificationBehavior`, `as ...`.
        var current = object
        while let parent = current.parent {
            if parent.kind == "satisfies_expression" || parent.kind == "as_expression",
               let type = parent.namedChildren.last, model.typeNamesExpoType(type, "NotificationBehavior") {
                return true
            }
            guard parent.kind == "parenthesized_expression" || parent.kind == "satisfies_expression"
                    || parent.kind == "as_expression" else {
                if parent.kind == "variable_declarator", let type = parent.child(byField: "type"),
                   model.typeNamesExpoType(type, "NotificationBehavior") {
                    return true
                }
                break
            }
            current = parent
        }
        if let function = model.returningFunction(of: object), let returnType = function.child(byField: "return_type"),
           model.typeNamesExpoType(returnType, "NotificationBehavior") {
            return true
        }
        return model.notificationBehaviorObjects().contains(object.id)
    }

    private func fix(for member: Node, in object: Node) -> Fix {
        let names = Set(Syntax.objectMembers(object).compactMap(\.name))
        let hasBanner = names.contains("shouldShowBanner")
        let hasList = names.contains("shouldShowList")
        let valueNode = member.kind == "pair" ? member.child(byField: "value") : member
        let valueText = valueNode?.text ?? "true"
        let simple = valueNode.map { value in
            ["true", "false", "identifier", "number", "string", "null", "undefined", "shorthand_property_identifier"]
                .contains(Syntax.unwrap(value).kind)
        } ?? true
        if hasBanner && hasList {
            return Fix(title: "Remove `shouldShowAlert`", applicability: .safe, edits: [removal(of: member)])
        }
        let replacement: String
        if hasBanner {
            replacement = "shouldShowList: \(valueText)"
        } else if hasList {
            replacement = "shouldShowBanner: \(valueText)"
        } else {
            replacement = "shouldShowBanner: \(valueText), shouldShowList: \(valueText)"
        }
        // Duplicating anything but a literal or a name could run side effects twice.
        let duplicates = !hasBanner && !hasList
        return Fix(
            title: "Replace `shouldShowAlert` with `\(replacement.split(separator: ":").first ?? "")`…",
            applicability: duplicates && !simple ? .unsafe : .safe,
            edits: [TextEdit(range: member.byteRange, replacement: replacement)]
        )
    }

    /// The edit that deletes a member with its trailing comma; when the member has a line of its own
    /// (a trailing comment included), the whole line goes.
    private func removal(of member: Node) -> TextEdit {
        let bytes = member.tree.source.bytes
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        var end = member.endByte
        while end < bytes.count, isBlank(bytes[end]) { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: ",") {
            end += 1
            while end < bytes.count, isBlank(bytes[end]) { end += 1 }
        }
        var lineStart = member.startByte
        while lineStart > 0, isBlank(bytes[lineStart - 1]) { lineStart -= 1 }
        let startsLine = lineStart == 0 || bytes[lineStart - 1] == 0x0A || bytes[lineStart - 1] == 0x0D
        var lineEnd = end
        if lineEnd + 1 < bytes.count, bytes[lineEnd] == UInt8(ascii: "/"), bytes[lineEnd + 1] == UInt8(ascii: "/") {
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
        }
        let endsLine = lineEnd == bytes.count || bytes[lineEnd] == 0x0A || bytes[lineEnd] == 0x0D
        if startsLine, endsLine {
            if lineEnd < bytes.count, bytes[lineEnd] == 0x0D { lineEnd += 1 }
            if lineEnd < bytes.count, bytes[lineEnd] == 0x0A { lineEnd += 1 }
            return TextEdit(range: lineStart..<lineEnd, replacement: "")
        }
        return TextEdit(range: member.startByte..<end, replacement: "")
    }
}
