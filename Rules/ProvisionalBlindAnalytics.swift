import GrantedLinter
import GrantedSemantics
import GrantedSyntax

/// A permission value sent to product analytics that files provisionally authorized devices under
/// "not enabled".
public struct ProvisionalBlindAnalytics: Rule {
    public static let description = RuleDescription(
        id: "provisional-blind-analytics",
        summary: "Product analytics built from the root permission status count provisionally authorized devices as not enabled",
        rationale: """
        ## What it does
        Reports a root `status` or `granted` value of an expo-notifications permission response — \
        read directly, in `String(granted)`, in an object or a template, or compared \
        (`status === 'granted'`) — and a Firebase or Notifee authorization status compared with \
        `AUTHORIZED` alone, when it is passed to a product-analytics call: Firebase Analytics \
        (`logEvent`, `setUserProperty`, `setUserProperties`, the modular functions too), Segment, \
        Amplitude, Mixpanel and PostHog (`track`, `identify`, `capture`, \
        `registerSuperProperties`, Amplitude's `new Identify().set(…)`, Mixpanel's \
        `getPeople().set(…)`), and the app's own `track…`, `log…Event`, `capture…` and \
        `identify…` functions. The finding is on the value. Not reported when the same call also \
        sends the iOS status (`ios.status`) or a provisional-aware value (a variable computed from \
        `PROVISIONAL` / `EPHEMERAL`, a delivery tier), for crash reporting (Sentry, Crashlytics, \
        Bugsnag) or console logging, nor in code that never runs on iOS.

        ## Why is this bad?
        A provisionally authorized iOS device reads root `status: 'undetermined'` and \
        `granted: false`, yet it receives notifications (quietly, in Notification Center). An event \
        or user property built from the root status files every such device under "not enabled": \
        the dashboard counts them with the devices that declined or were never asked, sends to them \
        look like sends to nobody, open rates fall, and a provisional roll-out reads as a failure. \
        Separate the cohorts: send the iOS status, or the deliverable tier (none / quiet / \
        prominent).

        ## Example
        ```ts
        const { granted } = await Notifications.getPermissionsAsync();
        await analytics().setUserProperty('push_enabled', String(granted));
        ```
        Use instead:
        ```ts
        const { granted, ios } = await Notifications.getPermissionsAsync();
        const quiet =
          ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL ||
          ios?.status === Notifications.IosAuthorizationStatus.EPHEMERAL;
        await analytics().setUserProperty('push_tier', granted ? 'prominent' : quiet ? 'quiet' : 'none');
        ```

        ## Fix safety
        No automatic fix: renaming an event or a user property breaks the dashboards built on it; \
        what to send is the analytics owner's decision.

        ## References
        - expo/expo `packages/expo-notifications/ios/.../PermissionsModule.swift`: a provisionally \
        authorized app reports root `status: 'undetermined'`, `granted: false`; only `ios.status` \
        says `PROVISIONAL` (3) or `EPHEMERAL` (4) (granted-lint facts: The crux).
        - Firebase messaging and Notifee report `PROVISIONAL` (2) apart from `AUTHORIZED` (1) \
        (granted-lint facts: Other React Native libraries).
        - The seed's "separate the cohorts or misread the data": provisional devices receive \
        notifications without having said yes (granted-lint facts: Provisional authorization).
        """,
        defaultSeverity: .note,
        tags: ["expo-notifications", "ios", "provisional", "analytics"],
        precision: "high",
        triggeringExamples: [
            """
            import analytics from '@react-native-firebase/analytics';
            import * as Notifications from 'expo-notifications';
            export async function syncPushProperty() {
              const { granted } = await Notifications.getPermissionsAsync();
              await analytics().setUserProperty('push_enabled', String(↓granted));
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            import { trackEvent } from './analytics';
            export async function onPromptShown() {
              const { status } = await Notifications.getPermissionsAsync();
              trackEvent('push_permission', { ↓status });
            }
            """,
            """
            import { usePostHog } from 'posthog-react-native';
            import * as Notifications from 'expo-notifications';
            export function usePushTracking() {
              const posthog = usePostHog();
              return async () => {
                const settings = await Notifications.getPermissionsAsync();
                posthog.capture('push_checked', { enabled: ↓settings.status === 'granted' });
              };
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            import analytics from '@react-native-firebase/analytics';
            import * as Notifications from 'expo-notifications';
            export async function syncPushProperty() {
              const { status, ios } = await Notifications.getPermissionsAsync();
              await analytics().logEvent('push_state', { status, ios_status: ios?.status ?? -1 });
            }
            """,
            """
            import * as Sentry from '@sentry/react-native';
            import * as Notifications from 'expo-notifications';
            export async function tagCrashReports() {
              const { status } = await Notifications.getPermissionsAsync();
              Sentry.setTag('push_status', status);
              console.log('push permission', status);
            }
            """,
            """
            import analytics from '@react-native-firebase/analytics';
            import * as Notifications from 'expo-notifications';
            import { Platform } from 'react-native';
            export async function androidOnly() {
              if (Platform.OS !== 'android') return;
              const { granted } = await Notifications.getPermissionsAsync();
              await analytics().setUserProperty('push_enabled', String(granted));
            }
            """,
        ],
        messages: [
            RuleMessage(
                "blindAnalytics", "`{code}` files provisionally authorized devices as not enabled",
                notes: ["a provisionally authorized iOS device reads `status: 'undetermined'`, `granted: false`, yet it receives notifications"],
                help: "send `ios?.status` too, or a deliverable tier (none / quiet / prominent)"
            ),
            RuleMessage(
                "blindLibraryAnalytics", "`{code}` files provisionally authorized devices as not authorized",
                notes: ["a provisionally authorized device reports `AuthorizationStatus.PROVISIONAL` (2), not `AUTHORIZED` (1)"],
                help: "send the status itself, or `authorizationStatus >= AuthorizationStatus.AUTHORIZED`"
            ),
        ]
    )

    public static let nodeKinds: Set<NodeKind> = [.callExpression]

    public static let requiredText = ["expo-notifications", NotificationLibrary.firebaseMessaging.rawValue, NotificationLibrary.notifee.rawValue]

    public init() {}

    public func visit(_ node: Node, in context: RuleContext) {
        let model = context.semantic
        guard model.mayHavePermissionCode, model.isProductAnalyticsCall(node), !model.neverRunsOnIOS(node) else { return }
        for (site, value) in model.blindAnalyticsValues(node) {
            if case .authorizationStatus = value {
                context.report(site, "blindLibraryAnalytics", ["code": RuleContext.code(site)], dependsOnProvisionalRequests: true)
            } else {
                context.report(site, "blindAnalytics", ["code": RuleContext.code(site)], dependsOnProvisionalRequests: true)
            }
        }
    }
}
