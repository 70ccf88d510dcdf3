import GrantedLinter
import GrantedSemantics
import GrantedSyntax

/// `allowBadge` in a request that may be provisional: badges are never granted provisionally.
public struct BadgeInProvisionalRequest: Rule {
    public static let description = RuleDescription(
        id: "badge-in-provisional-request",
        summary: "`allowBadge` in an expo-notifications request that can be provisional grants nothing",
        rationale: """
        ## What it does
        Reports the `allowBadge` property of expo-notifications request options (passed to \
        `requestPermissionsAsync`, directly or through a local object, or to `usePermissions`) when \
        `allowProvisional` and `allowBadge` can both be true: both literal `true`; one literal `true` \
        and the other any other expression; or both the very same expression. Not reported when either \
        is literal `false`, when they are written under the `android` key (only the `ios` options reach \
        iOS), or when they are two different expressions (which may be exclusive, such \
        as `mode === 'provisional'` and `mode === 'full'`, or `quiet` and `!quiet`).

        ## Why is this bad?
        Under provisional authorization iOS never grants badges, so asking for `allowBadge` in a \
        provisional request grants nothing extra, and code that later expects `ios.allowsBadge` to be \
        true is wrong. Ask for the badge in the later, full request instead.

        ## Example
        ```ts
        await Notifications.requestPermissionsAsync({
          ios: { allowAlert: true, allowBadge: true, allowProvisional: true },
        });
        ```
        Use instead:
        ```ts
        await Notifications.requestPermissionsAsync({
          ios: { allowAlert: true, allowProvisional: true },
        });
        ```

        ## Fix safety
        No automatic fix: removing the key is safe only when the request is always provisional, which \
        is the reader's call.

        ## References
        - Apple, `UNAuthorizationOptions.provisional`: provisional notifications are delivered quietly \
        to Notification Center, without badges (granted-lint facts: Request options, "Badges are never \
        granted under provisional authorization").
        - expo/expo `packages/expo-notifications/src/NotificationPermissions.types.ts` (`allowBadge`, \
        `allowProvisional`).
        """,
        defaultSeverity: .warning,
        tags: ["expo-notifications", "ios", "provisional"],
        precision: "very-high",
        triggeringExamples: [
            """
            import * as Notifications from 'expo-notifications';
            export const ask = () => Notifications.requestPermissionsAsync({
              ios: { allowAlert: true, ↓allowBadge: true, allowSound: true, allowProvisional: true },
            });
            """,
            """
            import * as Notifications from 'expo-notifications';
            export const ask = (quiet: boolean) => Notifications.requestPermissionsAsync({
              ios: { allowAlert: true, ↓allowBadge: true, allowProvisional: quiet },
            });
            """,
            """
            import { requestPermissionsAsync } from 'expo-notifications';
            export async function ask(quiet: boolean) {
              const options = { ios: { allowProvisional: quiet, ↓allowBadge: quiet } };
              return requestPermissionsAsync(options);
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            export function usePush() {
              return Notifications.usePermissions({ ios: { allowProvisional: true, ↓allowBadge: true } });
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            import * as Notifications from 'expo-notifications';
            export const ask = (mode: 'provisional' | 'full') => Notifications.requestPermissionsAsync({
              ios: { allowAlert: true, allowProvisional: mode === 'provisional', allowBadge: mode === 'full' },
            });
            """,
            """
            import * as Notifications from 'expo-notifications';
            export const full = () => Notifications.requestPermissionsAsync({ ios: { allowBadge: true, allowProvisional: false } });
            export const quiet = () => Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } });
            export const toggle = (quiet: boolean) => Notifications.requestPermissionsAsync({ ios: { allowProvisional: quiet, allowBadge: !quiet } });
            """,
            """
            import * as Camera from 'expo-camera';
            export const ask = () => Camera.requestPermissionsAsync({ ios: { allowProvisional: true, allowBadge: true } });
            """,
        ],
        messages: [
            RuleMessage(
                "badgeInProvisional", "`{code}` in a request that can be provisional grants no badge",
                notes: ["iOS never grants badges under provisional authorization"],
                help: "ask for the badge in the full request instead"
            ),
        ]
    )

    public static let nodeKinds: Set<NodeKind> = [.callExpression]

    public init() {}

    public func visit(_ node: Node, in context: RuleContext) {
        let model = context.semantic
        guard model.mayHavePermissionCode else { return }
        let options: Node?
        if let request = model.permissionRequest(node) {
            options = request.options
        } else if let callee = node.child(byField: .function), model.value(of: callee) == .expoExport("usePermissions") {
            options = node.child(byField: .arguments)?.namedChildren.first { $0.nodeKind != .comment }
        } else {
            return
        }
        guard case let .literal(ios) = model.iosRequestOptions(options) else { return }
        let members = Syntax.objectMembers(ios)
        guard let provisional = members.last(where: { $0.name == "allowProvisional" })?.value,
              let badgeMember = members.last(where: { $0.name == "allowBadge" }),
              let badge = badgeMember.value, Self.canBothBeTrue(provisional, badge) else { return }
        context.report(
            badgeMember.key.startByte..<badgeMember.node.endByte,
            "badgeInProvisional", ["code": RuleMessage.oneLine(context.file.text.text(in: badgeMember.key.startByte..<badgeMember.node.endByte))]
        )
    }

    static func canBothBeTrue(_ first: Node, _ second: Node) -> Bool {
        let a = Syntax.booleanValue(first)
        let b = Syntax.booleanValue(second)
        if a == false || b == false { return false }
        if a == true || b == true { return true }
        return Syntax.normalisedText(Syntax.unwrap(first)) == Syntax.normalisedText(Syntax.unwrap(second))
    }
}
