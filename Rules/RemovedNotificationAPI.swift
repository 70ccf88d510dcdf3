import GrantedLinter
import GrantedSemantics
import GrantedSyntax

/// expo-notifications APIs that were removed or deprecated.
public struct RemovedNotificationAPI: Rule {
    public static let description = RuleDescription(
        id: "removed-notification-api",
        summary: "An expo-notifications API that was removed (error) or deprecated (warning)",
        rationale: """
        ## What it does
        Reports uses of expo-notifications APIs that are gone or going:
        - removed in SDK 54 (error): `removeNotificationSubscription(sub)` and \
        `removePushTokenSubscription(sub)` — use `sub.remove()`; `presentNotificationAsync(content)` — \
        use `scheduleNotificationAsync({ content, trigger: null })`;
        - deprecated (warning): `getLastNotificationResponseAsync()` / \
        `clearLastNotificationResponseAsync()` — use the synchronous `getLastNotificationResponse()` / \
        `clearLastNotificationResponse()`; `AndroidImportance.DEEFAULT` — use `DEFAULT`; \
        `allowAnnouncements` in request options — ignored by iOS.

        Notification triggers without a `type` are no longer reported here: since SDK 52 such a trigger \
        throws (or, with `channelId`, fires at once), which is not a deprecation, so the check has its \
        own id, `invalid-notification-trigger`. A configuration that sets `removed-notification-api` \
        (to `off`, `warning`, ...) should set `invalid-notification-trigger` too.

        ## Why is this bad?
        Removed functions throw at run time after an SDK upgrade; deprecated ones warn and will go.

        ## Example
        ```ts
        Notifications.removeNotificationSubscription(subscription);
        ```
        Use instead:
        ```ts
        subscription.remove();
        ```

        ## Fix safety
        Safe fixes: `removeNotificationSubscription(sub)` / `removePushTokenSubscription(sub)` become \
        `sub.remove()` when `sub` is a name or a member chain, kept exactly as written (a non-null \
        assertion `ref.current!` stays, a cast is parenthesised, an optional chain goes on as one), so \
        the fixed code type-checks wherever the original did; `AndroidImportance.DEEFAULT` becomes \
        `AndroidImportance.DEFAULT` (the same value). The others need a reader.

        ## References
        - expo/expo changelogs for SDK 53 and 54 (granted-lint facts: Other deprecations / removals).
        - Triggers without `type` (granted-lint facts: Other deprecations / removals): see \
        `invalid-notification-trigger`.
        """,
        defaultSeverity: .error,
        fixAvailability: .sometimes,
        tags: ["expo-notifications", "deprecation", "sdk-upgrade"],
        precision: "very-high",
        triggeringExamples: [
            """
            import * as Notifications from 'expo-notifications';
            export function cleanup(subscription: Notifications.Subscription) {
              ↓Notifications.removeNotificationSubscription(subscription);
            }
            export const show = () => ↓Notifications.presentNotificationAsync({ title: 'Hi' });
            export const last = () => ↓Notifications.getLastNotificationResponseAsync();
            """,
            """
            import * as Notifications from 'expo-notifications';
            export const channel = () => Notifications.setNotificationChannelAsync('default', {
              name: 'Default', importance: ↓Notifications.AndroidImportance.DEEFAULT,
            });
            export const ask = () => Notifications.requestPermissionsAsync({ ios: { allowProvisional: true, ↓allowAnnouncements: true } });
            """,
        ],
        nonTriggeringExamples: [
            """
            import * as Notifications from 'expo-notifications';
            export function cleanup(subscription: Notifications.EventSubscription) {
              subscription.remove();
            }
            export const now = () => Notifications.scheduleNotificationAsync({ content: { title: 'Hi' }, trigger: null });
            // A type-less trigger is `invalid-notification-trigger`'s finding, not this rule's.
            export const later = () => Notifications.scheduleNotificationAsync({ content: { title: 'x' }, trigger: { seconds: 60 } });
            export const last = () => Notifications.getLastNotificationResponse();
            """,
        ],
        corrections: [
            RuleCorrection(
                "import * as N from 'expo-notifications';\nexport const stop = (s) => ↓N.removeNotificationSubscription(s.listener);\n",
                "import * as N from 'expo-notifications';\nexport const stop = (s) => s.listener.remove();\n"
            ),
            RuleCorrection(
                "import * as N from 'expo-notifications';\nexport const stop = (ref: { current?: N.Subscription }) => ↓N.removeNotificationSubscription(ref.current!);\n",
                "import * as N from 'expo-notifications';\nexport const stop = (ref: { current?: N.Subscription }) => ref.current!.remove();\n"
            ),
            RuleCorrection(
                "import * as N from 'expo-notifications';\nexport const stop = (s: unknown) => ↓N.removePushTokenSubscription(s as N.Subscription);\n",
                "import * as N from 'expo-notifications';\nexport const stop = (s: unknown) => (s as N.Subscription).remove();\n"
            ),
            RuleCorrection(
                "import { AndroidImportance } from 'expo-notifications';\nexport const importance = ↓AndroidImportance.DEEFAULT;\n",
                "import { AndroidImportance } from 'expo-notifications';\nexport const importance = AndroidImportance.DEFAULT;\n"
            ),
        ],
        messages: [
            RuleMessage(
                "deefault", "`AndroidImportance.DEEFAULT` is a deprecated misspelling",
                help: "use `AndroidImportance.DEFAULT`"
            ),
            RuleMessage(
                "removedSubscriptionRemover", "`{name}` was removed in SDK 54",
                notes: ["it was deprecated in SDK 53"],
                help: "call `remove()` on the subscription instead"
            ),
            RuleMessage(
                "presentRemoved", "`presentNotificationAsync` was removed in SDK 54",
                help: "use `scheduleNotificationAsync({ content, trigger: null })`"
            ),
            RuleMessage(
                "lastResponseAsync", "`getLastNotificationResponseAsync` is deprecated",
                help: "use the synchronous `getLastNotificationResponse()` (or the `useLastNotificationResponse` hook)"
            ),
            RuleMessage(
                "clearLastResponseAsync", "`clearLastNotificationResponseAsync` is deprecated",
                help: "use the synchronous `clearLastNotificationResponse()`"
            ),
            RuleMessage(
                "announcements", "`allowAnnouncements` is deprecated and ignored by iOS",
                help: "remove it"
            ),
        ]
    )

    public static let nodeKinds: Set<NodeKind> = [.callExpression, .memberExpression]
    public static let requiredText = ["expo-notifications"]

    public init() {}

    /// `remove…Subscription(sub)` → `sub.remove()`, with the operand exactly as written: a non-null
    /// assertion (`ref.current!`), a cast or parentheses stay, so the types the compiler checked stay
    /// the same. A cast, `await` or other operator needs parentheses to take `.remove()`; an optional
    /// chain continues as one (`a?.b?.remove()`). Calls are left alone (no fix): the subscription
    /// would come from code that runs.
    static func removeCall(replacing call: Node, subscription argument: Node) -> Fix? {
        let inner = Syntax.unwrap(argument)
        guard [.identifier, .memberExpression, .subscriptExpression, .this].contains(inner.nodeKind),
              !inner.text.contains("(") || inner.is(.identifier) else { return nil }
        var operand = argument.text
        switch argument.nodeKind {
        case .identifier, .memberExpression, .subscriptExpression, .nonNullExpression, .parenthesizedExpression, .this:
            break
        default:
            operand = "(\(operand))"
        }
        let optional = argument.is(.memberExpression) && operand.contains("?.")
        return Fix(title: "Call `.remove()` on the subscription", applicability: .safe,
                   edits: [TextEdit(range: call.byteRange, replacement: operand + (optional ? "?.remove()" : ".remove()"))])
    }

    public func visit(_ node: Node, in context: RuleContext) {
        let model = context.semantic
        guard model.mayHavePermissionCode else { return }
        if node.is(.memberExpression) {
            // The property names the member, so only `….DEEFAULT` needs evaluating (this rule sees
            // every member expression of the file).
            if let property = node.child(byField: .property), property.textEquals("DEEFAULT"),
               model.value(of: node) == .expoEnumMember(enumName: "AndroidImportance", member: "DEEFAULT") {
                context.report(
                    node, "deefault",
                    fix: Fix(title: "Use `DEFAULT`", applicability: .safe, edits: [TextEdit(range: property.byteRange, replacement: "DEFAULT")]),
                    severity: .warning
                )
            }
            return
        }
        guard let callee = node.child(byField: .function) else { return }
        let arguments = node.child(byField: .arguments)?.namedChildren.filter { $0.nodeKind != .comment } ?? []
        switch model.value(of: callee).expoExportName {
        case "removeNotificationSubscription", "removePushTokenSubscription":
            let name = model.value(of: callee).expoExportName ?? ""
            let fix = arguments.count == 1 ? Self.removeCall(replacing: node, subscription: arguments[0]) : nil
            context.report(node, "removedSubscriptionRemover", ["name": name], fix: fix, severity: .error)
        case "presentNotificationAsync":
            context.report(node, "presentRemoved", severity: .error)
        case "getLastNotificationResponseAsync":
            context.report(node, "lastResponseAsync", severity: .warning)
        case "clearLastNotificationResponseAsync":
            context.report(node, "clearLastResponseAsync", severity: .warning)
        default:
            // `allowAnnouncements` in request options (also the hook's).
            let options: Node?
            if let request = model.permissionRequest(node) {
                options = request.options
            } else if model.value(of: callee) == .expoExport("usePermissions") {
                options = arguments.first
            } else {
                return
            }
            guard case let .literal(ios) = model.iosRequestOptions(options),
                  let announcements = Syntax.objectMembers(ios).last(where: { $0.name == "allowAnnouncements" }) else { return }
            context.report(
                announcements.key.startByte..<announcements.node.endByte,
                "announcements",
                severity: .warning
            )
        }
    }
}
