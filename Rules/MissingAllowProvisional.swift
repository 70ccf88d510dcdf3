import GrantedLinter
import GrantedSemantics
import GrantedSyntax

/// expo `requestPermissionsAsync` without an explicit `ios.allowProvisional`.
public struct MissingAllowProvisional: Rule {
    public static let description = RuleDescription(
        id: "missing-allow-provisional",
        summary: "An expo-notifications permission request does not say whether it asks provisionally (`ios.allowProvisional`)",
        rationale: """
        ## What it does
        Reports each expo-notifications `requestPermissionsAsync` call (also redux-saga's \
        `call(requestPermissionsAsync, options)`) whose options do not set `ios.allowProvisional`: no \
        argument, `{}`, `{ ios: { ... } }` without the key, or a local object literal without it. \
        Not reported when the options cannot be seen (a parameter, a spread, a call result), in a \
        provisional-aware function (one that compares `ios.status` with PROVISIONAL / EPHEMERAL: the \
        deliberate upgrade from provisional to full authorization), or in Android-only code.

        ## Why is this bad?
        With no options, or with no option set to `true`, iOS asks for alert, badge and sound: the full, \
        interruptive system dialog. That is also what a device that is already provisionally \
        authorized gets, since expo reports it as `undetermined`. `allowProvisional: true` starts \
        quietly (notifications go straight to Notification Center, no dialog); \
        `allowProvisional: false` makes the full request explicit, so a reader knows it was chosen.

        When the project already requests provisional authorization somewhere else (see \
        `provisional-blind-check`, "Live or latent"), the message names that request: devices it made \
        provisional get the full, interruptive dialog from this one.

        ## Example
        ```ts
        await Notifications.requestPermissionsAsync();
        ```
        Use instead:
        ```ts
        await Notifications.requestPermissionsAsync({
          ios: { allowAlert: true, allowSound: true, allowProvisional: true },
        });
        ```

        ## Fix safety
        No automatic fix: choosing between a quiet and a full request is a product decision.

        ## References
        - expo/expo `packages/expo-notifications/src/NotificationPermissions.ts` and iOS \
        `PermissionsModule.swift`: request options, the default alert + badge + sound request, \
        `allowProvisional` (granted-lint facts: Request options).
        - expo/expo `ExpoNotificationsPermissionsRequester.swift`: provisional reads as `undetermined` \
        (granted-lint facts: The crux).
        """,
        defaultSeverity: .warning,
        tags: ["expo-notifications", "ios", "provisional", "ux"],
        precision: "high",
        triggeringExamples: [
            """
            import * as Notifications from 'expo-notifications';
            export const ask = () => ↓Notifications.requestPermissionsAsync();
            """,
            """
            import { requestPermissionsAsync as requestNotifications } from 'expo-notifications';
            export async function onboard() {
              await ↓requestNotifications({ ios: { allowAlert: true, allowBadge: true, allowSound: true } });
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            const options = { ios: { allowAlert: true, allowSound: true } };
            export async function onboard() {
              return ↓Notifications.requestPermissionsAsync(options);
            }
            """,
            """
            import { call } from 'redux-saga/effects';
            import * as Notifications from 'expo-notifications';
            export function* askSaga() {
              const response = yield ↓call(Notifications.requestPermissionsAsync, {});
              return response;
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            import * as Notifications from 'expo-notifications';
            export const askQuietly = () => Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } });
            export const askFully = () => Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowProvisional: false } });
            """,
            """
            import * as Notifications from 'expo-notifications';
            export const ask = (options: Notifications.NotificationPermissionsRequest) => Notifications.requestPermissionsAsync(options);
            export const withDefaults = (extra) => Notifications.requestPermissionsAsync({ ...extra });
            """,
            """
            import * as Notifications from 'expo-notifications';
            export async function upgrade() {
              const settings = await Notifications.getPermissionsAsync();
              if (settings.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL) {
                await Notifications.requestPermissionsAsync();
              }
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            import { Platform } from 'react-native';
            export async function androidAsk() {
              if (Platform.OS === 'ios') return;
              await Notifications.requestPermissionsAsync();
            }
            """,
            """
            import * as Camera from 'expo-camera';
            import * as MediaLibrary from 'expo-media-library';
            export const askMedia = () => MediaLibrary.requestPermissionsAsync();
            """,
        ],
        messages: [
            RuleMessage(
                "noAllowProvisional", "`{code}` shows the full, interruptive dialog",
                notes: ["without `ios.allowProvisional` iOS asks for alert, badge and sound at once, also on devices that are already provisionally authorized"],
                help: "pass `ios: { allowProvisional: true }` to start quietly, or `allowProvisional: false` to make the full request explicit"
            ),
        ]
    )

    public static let nodeKinds: Set<NodeKind> = [.callExpression]

    public init() {}

    public func visit(_ node: Node, in context: RuleContext) {
        let model = context.semantic
        guard model.mayHavePermissionCode, let request = model.permissionRequest(node),
              RequestOptions.setsAllowProvisional(request.options, model) == false,
              !model.neverRunsOnIOS(node), !model.isProvisionalAware(node) else { return }
        context.report(
            request.call,
            "noAllowProvisional", ["code": RuleContext.call(request.call)]
        )
    }
}

/// Reading expo request options: `{ ios: { allowProvisional, allowBadge, ... } }`.
enum RequestOptions {
    /// true / false when the options visibly do / do not set `ios.allowProvisional`; nil when unknown.
    static func setsAllowProvisional(_ options: Node?, _ model: SemanticModel) -> Bool? {
        // `full ? { ios: {...} } : { ios: { allowProvisional: true } }`: each branch must set it.
        if let ternary = options.map(Syntax.unwrap), ternary.is(.ternaryExpression),
           let consequence = ternary.child(byField: .consequence), let alternative = ternary.child(byField: .alternative) {
            let answers = [setsAllowProvisional(consequence, model), setsAllowProvisional(alternative, model)]
            if answers.contains(false) { return false }
            return answers.contains(nil) ? nil : true
        }
        switch model.iosRequestOptions(options) {
        case .absent: return false
        case .unresolvable: return nil
        case let .literal(ios): return Syntax.objectMembers(ios).contains { $0.name == "allowProvisional" }
        }
    }
}
