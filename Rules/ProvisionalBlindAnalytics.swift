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
        read directly, in `String(granted)`, in an object (nested ones too: PostHog's \
        `$set: { push_enabled: granted }`) or a template, or compared (`status === 'granted'`) — \
        and a Firebase or Notifee authorization status compared with `AUTHORIZED` alone, when it \
        is passed to a product-analytics call: Firebase Analytics (`logEvent`, `setUserProperty`, \
        `setUserProperties`, the modular functions too), Segment, Amplitude, Mixpanel and PostHog \
        (`track`, `identify`, `capture`, `registerSuperProperties`, Amplitude's \
        `new Identify().set(…)`, Mixpanel's `getPeople().set(…)`), the app's own `track…`, \
        `log…Event`, `capture…` and `identify…` functions and methods (`AppAnalytics.track`, a \
        logger's `logger.trackEvent`), `metric` / `event` of an analytics object \
        (`const ax = useAnalytics(); ax.metric(…)`), and any of them run by a redux-saga effect \
        (`yield call(trackEvent, …)`, `call([client, client.track], …)`, `fork`, `apply`).

        The value may be made before the call: a variable holding such a comparison or `granted` \
        (`const isGranted = status === 'granted'` sent as `{ isGranted }`, also through `!`, \
        `Boolean(…)`, a copy, or a ternary picking a word or a number, `granted ? 'on' : 'off'`), \
        the result of a local helper, hook or saga helper that returns one (`await isPushEnabled()`, \
        the `isGranted` member of `usePushPermission()`), or a React state whose setter is only \
        given one. Each property that sends it is its own finding, on the property's value; the \
        test that made it is the related location. When the writes that reach a variable disagree \
        (a server's flag on another path), nothing is reported.

        Not reported when the same call also sends the iOS status (`ios.status`) or a \
        provisional-aware value (a variable computed from `PROVISIONAL` / `EPHEMERAL`, a delivery \
        tier, a helper that tests for provisional), for crash reporting (Sentry, Crashlytics, \
        Bugsnag), console logging or a logger's other methods (`logger.info`), nor in code that \
        never runs on iOS.

        ## One finding per flaw
        A dashboard built from a blind value and a branch taken on it are two flaws, reported by \
        two rules. A test whose value only goes to analytics and loggers decides nothing, so \
        `provisional-blind-check` leaves it to this rule: `const isGranted = status === 'granted'` \
        that is only sent is one finding here. When the same variable also decides \
        (`if (isGranted) register()`), `provisional-blind-check` reports the comparison where it \
        is made and this rule reports each property that sends it.

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
            """
            import * as Notifications from 'expo-notifications';
            import { capture } from './analytics';
            export async function capturePushOnLaunch() {
              const { status } = await Notifications.getPermissionsAsync();
              const isGranted = status === 'granted';
              capture('push_permission', { ↓isGranted, $set: { push_enabled: ↓isGranted } });
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            import { logger } from './logger';
            async function isPushEnabled() {
              try {
                return (await Notifications.getPermissionsAsync()).granted;
              } catch {
                return false;
              }
            }
            export async function onAppOpen() {
              logger.trackEvent('app_open', { push: ↓await isPushEnabled() });
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
            import * as Notifications from 'expo-notifications';
            import { IosAuthorizationStatus } from 'expo-notifications';
            import { capture, logger } from './analytics';
            export async function captureDeliverable() {
              const { granted, ios } = await Notifications.getPermissionsAsync();
              const deliverable = granted || ios?.status === IosAuthorizationStatus.PROVISIONAL;
              capture('push_permission', { deliverable });
            }
            export async function captureWithIosStatus() {
              const { status, ios } = await Notifications.getPermissionsAsync();
              const isGranted = status === 'granted';
              capture('push_permission', { isGranted, ios_status: ios?.status });
              logger.info('push permission', { isGranted });
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
            RuleMessage(
                "derivedAnalytics", "`{code}` files provisionally authorized devices as not enabled",
                notes: [
                    "it is made from `{check}`",
                    "a provisionally authorized iOS device reads `status: 'undetermined'`, `granted: false`, yet it receives notifications",
                ],
                help: "send `ios?.status` too, or a deliverable tier (none / quiet / prominent)"
            ),
            RuleMessage(
                "derivedLibraryAnalytics", "`{code}` files provisionally authorized devices as not authorized",
                notes: [
                    "it is made from `{check}`",
                    "a provisionally authorized device reports `AuthorizationStatus.PROVISIONAL` (2), not `AUTHORIZED` (1)",
                ],
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
        for (site, value, derived) in model.blindAnalyticsValues(node) {
            let library: Bool
            if case .authorizationStatus = value { library = true } else { library = false }
            guard let derived else {
                context.report(site, library ? "blindLibraryAnalytics" : "blindAnalytics", ["code": RuleContext.code(site)],
                               dependsOnProvisionalRequests: true)
                continue
            }
            // A value made elsewhere (a variable, a helper's result): the finding is where it is
            // sent, the test that made it is its related location.
            context.report(
                site, library ? "derivedLibraryAnalytics" : "derivedAnalytics",
                ["code": RuleContext.code(site), "check": RuleContext.code(derived.site)],
                related: [RelatedLocation(range: derived.site.byteRange, message: "the value sent is made here")],
                dependsOnProvisionalRequests: true
            )
        }
    }
}
