import GrantedLinter
import GrantedSemantics
import GrantedSyntax

/// Decisions on expo-notifications' root `status` / `granted`, which a provisionally authorized iOS
/// device fails: it reads `status: 'undetermined'`, `granted: false`.
public struct ProvisionalBlindCheck: Rule {
    public static let description = RuleDescription(
        id: "provisional-blind-check",
        summary: "A decision on the root `status` / `granted` of an expo-notifications permission response treats provisionally authorized iOS devices as not permitted",
        rationale: """
        ## What it does
        Reports each place that decides on the root fields of an expo-notifications permission \
        response (from `getPermissionsAsync()`, `requestPermissionsAsync()`, the `usePermissions()` hook, \
        a `.then` callback, a redux-saga `call`, a react-query `queryFn`, or a local helper returning one):
        - a comparison (`===`, `!==`, `==`, `!=`) of the root `status` — or a variable it was assigned \
        to — with `'granted'` or `'undetermined'` (also `PermissionStatus.GRANTED` / `UNDETERMINED`, \
        `['granted'].includes(status)` and `case 'granted':` in a `switch (status)`);
        - a read of the root `granted` used in a condition, a logical expression, a comparison with a \
        boolean, a `return`, or stored into a variable, a property, a JSX attribute or a React state setter.

        The status may travel through an application store: a Legend-State observable \
        (`settings$.local.permissionStatus.set(status)` in one file, `.get()`, `.peek()` or \
        `use$(…)` in another), a zustand store (`set({ status })`, `useStore.setState`, read with \
        `useStore((s) => s.status)` or `useStore.getState().status`), Redux Toolkit (a reducer's \
        `state.status = action.payload` with `dispatch(setPermission(status))` or a thunk resolving \
        to the status, read with `useSelector` or a `select…` selector), jotai atoms (`useSetAtom`, \
        `useAtom`, `useAtomValue`) and a React context whose `Provider` value carries it. A store \
        field counts when every write of it in the project stores a root status (or `granted`); any \
        other write makes it unknown (no finding). A function that maps the status to a word \
        (`status === 'granted' ? 'enabled' : 'disabled'`) is reported when the word is compared to \
        decide (`notificationState() === 'enabled'` before fetching a token), and when it is \
        exported (its callers cannot all be seen). The same holds for a word kept in an object \
        (`return { status: response.status === 'granted' ? 'granted' : 'denied', canAskAgain }`, \
        reported when a caller compares `(await readPermission()).status`, or the function is \
        exported) and for a word put into React state (`setPushState(… ? 'enabled' : 'disabled')`, \
        reported when the state is compared or handed to a component or a context); a word only \
        logged or shown is not. So is a `switch` mapping in a function of the file \
        whose callers compare the words it returns (an exported one stays a debug screen's labels). A \
        helper fed a status decides inside: when every call of a function of the file that is not \
        exported nor passed around hands a parameter a root status (`toSwitchState(settings.status)`) \
        or every call a whole response (`isPermissionGranted(response)`) — or, for a function exported \
        by a file that uses expo-notifications, every call in the project's notification code — the \
        helper's comparison is reported (its callers' tests of the result are not), and so is its \
        mapping to words when exported; one call with anything else (a literal, a server value) \
        leaves the parameter unknown, and an analytics wrapper (`trackPushStatus(status)`) is \
        reported where the status is passed in.

        Not reported: in a function that is provisional-aware (it, or a function around it, also \
        compares `ios.status` with `IosAuthorizationStatus.PROVISIONAL` / `EPHEMERAL` or 3 / 4, tests \
        membership in a list holding them, uses a deny-list of `DENIED` / `NOT_DETERMINED`, or \
        `>= AUTHORIZED`), in Android-only code (`Platform.OS === 'android'` branches, after \
        `if (Platform.OS === 'ios') return`, `Platform.select({ android })`, `*.android.*` files: \
        Android has no provisional state), in web-only code (`Platform.OS === 'web'` branches, after \
        `if (Platform.OS !== 'web') return`, `*.web.*` files: a browser has none either), a test \
        whose every branch only logs, reports an analytics event or yields a label to show, a value \
        inside the arguments of a logging or analytics call (`provisional-blind-analytics` reports \
        those), a test kept in a variable or returned by a local helper whose value only goes to \
        loggers and analytics (`const isGranted = status === 'granted'` then \
        `capture('push', { isGranted })`: reported where it is sent, by \
        `provisional-blind-analytics`), and a destructuring declaration by itself. Logging is the \
        console, the app's own loggers (`writeToLog(…)`, `logInfo` / `logError` / `debugLog`, a \
        logger object's methods — `logger.warn`, `Log.d`, a variable made by `Logger.create(…)` — \
        and a local function that only logs) and crash reporting (`Sentry.addBreadcrumb`, \
        `crashlytics().log`). A label is text to show — a string, a template, a translation \
        (`t('push.on')`), or a local helper that only picks one (`settingsMessage(platform)`) — \
        in JSX (`{granted ? 'On' : 'Off'}`), in a text property \
        (`message: granted ? 'Notifications are on' : settingsMessage(platform)`), as the text of an \
        alert or a toast, or in a word only displayed. Showing an alert, a dialog or a toast in a \
        branch is an effect: that branch decides. A provisional test \
        combined the wrong way round — `status !== 'granted' || ios?.status !== PROVISIONAL` — still \
        rejects every provisional device, so it does not make the function aware.

        ## Why is this bad?
        With provisional authorization an iOS app delivers notifications quietly without asking \
        first. expo-notifications maps only `.authorized` to root `granted`; a provisionally (or \
        ephemerally) authorized app reads `{ status: 'undetermined', granted: false, ios: { status: 3 } }`. \
        So `status !== 'granted'` sends a device that can receive notifications down the \
        "not permitted" path: the copied registration snippet re-requests without options (the full, \
        interruptive dialog) and returns before fetching the push token.

        ## Example
        ```ts
        const { status } = await Notifications.getPermissionsAsync();
        if (status !== 'granted') return; // provisional devices never get a push token
        ```
        Use instead:
        ```ts
        const settings = await Notifications.getPermissionsAsync();
        const deliverable =
          settings.granted ||
          settings.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL ||
          settings.ios?.status === Notifications.IosAuthorizationStatus.EPHEMERAL;
        if (!deliverable) return;
        ```

        ## Live or latent
        A device is provisionally authorized only if the app asked for it: expo's \
        `requestPermissionsAsync({ ios: { allowProvisional: true } })`, Firebase messaging's or Notifee's \
        `requestPermission({ provisional: true })`, react-native-permissions' \
        `requestNotifications([..., 'provisional'])` — authorization belongs to the app, so a request \
        through any of them reaches every library's status checks (granted-lint facts: `allowProvisional`, \
        and "Other React Native libraries"). granted-lint looks for such requests in the whole project \
        (the nearest directory with a `package.json`, also when only some files are linted):
        - **live** — one exists (`allowProvisional` is `true`, or an expression or options that can make \
        it true): the finding keeps its configured level, its message names the request \
        (`…requested at src/push/register.ts:42`), and it carries the request as a related location \
        (SARIF `relatedLocations`, JSON `related`, the editor's related information);
        - **latent** — none exists (or every request sets `allowProvisional: false`): no device is \
        provisional today, so the finding is one level lower (error → warning, warning → note) and its \
        message starts with `Latent:` and says what turns it live. It is a bug the day provisional is added.

        When the request lives where granted-lint cannot see it (a native module, another package of a \
        monorepo, an SDK configured elsewhere), say so in `.granted-lint.json`: `"provisional": "requested"` \
        makes every finding live, `"never"` latent (`"auto"`, the default, follows the evidence). The \
        Firebase truthiness finding (`NOT_DETERMINED` is `-1`, truthy) does not depend on provisional and \
        is always live.

        ## Fix safety
        A suggestion, not an automatic fix: it changes what the program decides (a provisional device \
        then counts as permitted, where the code asked it for full authorization before), so it is \
        applied only by `--fix-unsafe`, shown by `--fix-dry-run --fix-unsafe`, and offered in the \
        editor as a quick fix. It rewrites the decision into the test expo-notifications documents, \
        `granted || ios?.status === IosAuthorizationStatus.PROVISIONAL || ios?.status === \
        IosAuthorizationStatus.EPHEMERAL` (negated for `!==` / `!granted`), and adds what that test \
        needs: `granted` and `ios` in the destructuring the status came from (following a rename: \
        `status: existingStatus` gets `granted: existingGranted, ios: existingIos`, and reusing bindings \
        already there), `R.granted` / `R.ios?.status` beside a response `R` that runs no code \
        (`permission?.status` from `usePermissions()` keeps its `?.`), an awaited call read inline \
        (`(await getPermissionsAsync()).granted`) bound once in a `const` just before the statement, and \
        for a status variable written again (`let finalStatus = existingStatus; … finalStatus = status;`) \
        a boolean that follows it (`let finalDeliverable = …` after the declaration, set again after each \
        write), which the comparison then reads — and so does a test of the variable copied \
        (`existingStatus !== 'granted'`) that comes after the copy, before it is written again. \
        `IosAuthorizationStatus` is reached through the file's \
        own import of expo-notifications (namespace, default import, `require`, the enum's own import or \
        alias, or a name added to the named imports). New names are ones no variable of the file has.

        One provisional test makes the whole function provisional-aware, which silences the other \
        findings in it; so a fix rewrites every finding of a function at once, callbacks inside it \
        included, and each of them offers that same fix: that of the outermost function around the \
        finding whose findings all have a sound rewrite (else none). A function with more than 32 \
        findings gets no fix. No fix for: comparisons with `'undetermined'` (never asked is not the same \
        question), `.includes` and `switch` tests, `granted` stored into an object, a status kept in \
        React state or a store and compared elsewhere, a variable written through destructuring or \
        `+=`, a response that is an object of the app's own, and functions that also compare a \
        Firebase or Notifee status. The repair decides nothing else: requests stay as they are \
        (`missing-allow-provisional` and `request-when-denied` are about them), and the old `status` \
        variables are kept. `request-when-denied` still reports a request that denied devices reach; \
        `missing-allow-provisional` no longer reports the request of a repaired function, because \
        provisionally authorized devices no longer reach it (that rule leaves provisional-aware \
        functions alone).

        ## References
        - expo/expo `packages/expo-notifications/ios/ExpoNotifications/Permissions/ExpoNotificationsPermissionsRequester.swift` \
        (`generalStatus`: only `.authorized` → granted, only `.denied` → denied) and \
        `packages/expo-modules-core/src/PermissionsInterface.ts` (`granted` is `status === 'granted'`) \
        (granted-lint facts: The crux).
        - Expo docs, "Interpret the iOS permissions response"; the JSDoc of `getPermissionsAsync`, which \
        accepts `settings.granted || settings.ios?.status === IosAuthorizationStatus.PROVISIONAL`.
        - Expo push set-up guide `docs/pages/push-notifications/push-notifications-setup.mdx` (the copied \
        snippet).
        - Provisional authorization is an iOS `UNAuthorizationOptions` value: Android has no \
        provisional state (granted-lint facts: Android 13+), and neither does a browser, whose \
        `Notification.permission` is `granted`, `denied` or `default` (Apple and MDN \
        documentation; the web platform has no quiet delivery).
        """,
        defaultSeverity: .error,
        fixAvailability: .sometimes,
        tags: ["expo-notifications", "ios", "provisional", "correctness"],
        precision: "high",
        triggeringExamples: [
            """
            import * as Notifications from 'expo-notifications';
            export async function registerForPush() {
              const { status: existingStatus } = await Notifications.getPermissionsAsync();
              let finalStatus = existingStatus;
              if (↓existingStatus !== 'granted') {
                const { status } = await Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowProvisional: false } });
                finalStatus = status;
              }
              if (↓finalStatus !== 'granted') return null;
              return Notifications.getExpoPushTokenAsync({ projectId: 'p' });
            }
            """,
            """
            import { getPermissionsAsync as readPermissions, PermissionStatus } from 'expo-notifications';
            export const isEnabled = async () => {
              const settings = await readPermissions();
              return ↓settings.status === PermissionStatus.GRANTED;
            };
            """,
            """
            import * as Notifications from 'expo-notifications';
            export async function canNotify() {
              return ↓(await Notifications.getPermissionsAsync()).granted;
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            import { useEffect, useState } from 'react';
            export function useCanNotify() {
              const [enabled, setEnabled] = useState(false);
              useEffect(() => {
                Notifications.getPermissionsAsync().then(({ granted }) => setEnabled(↓granted));
              }, []);
              return enabled;
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            export function PermissionGate({ children }) {
              const [permission] = Notifications.usePermissions();
              if (↓permission?.status !== 'granted') return null;
              return children;
            }
            """,
            """
            import { call } from 'typed-redux-saga';
            import * as Notifications from 'expo-notifications';
            export function* checkPermission() {
              const result = yield* call(Notifications.getPermissionsAsync);
              if (↓result.status === 'granted') yield* call(subscribe);
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            export async function shouldPrompt() {
              const { status, ios } = await Notifications.getPermissionsAsync();
              return ↓status !== 'granted' || ios?.status !== Notifications.IosAuthorizationStatus.PROVISIONAL;
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            import { Alert } from 'react-native';
            import { logInfo } from './log';
            export async function warnIfOff() {
              const { granted } = await Notifications.getPermissionsAsync();
              if (!granted) logInfo('push is off');
              if (!↓granted) Alert.alert('Notifications are off', 'Turn them on in Settings.');
            }
            """,
            """
            const Notifications = require('expo-notifications');
            async function ensure() {
              const { granted } = await Notifications.getPermissionsAsync();
              if (!↓granted) {
                await Notifications.requestPermissionsAsync({ ios: { allowProvisional: false } });
              }
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            async function readPermission() {
              const response = await Notifications.getPermissionsAsync();
              return { status: ↓response.status === 'granted' ? 'granted' : 'denied', canAskAgain: response.canAskAgain };
            }
            export async function register() {
              if ((await readPermission()).status !== 'granted') return null;
              return Notifications.getExpoPushTokenAsync({ projectId: 'p' });
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            function toSwitchState(status) {
              switch (status) {
                case ↓'granted': return 'on';
                case 'denied': return 'off';
                default: return 'ask';
              }
            }
            export async function syncSwitch(setOn) {
              const settings = await Notifications.getPermissionsAsync();
              setOn(toSwitchState(settings.status) === 'on');
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            import * as Notifications from 'expo-notifications';
            export async function canNotify() {
              const settings = await Notifications.getPermissionsAsync();
              return settings.granted || settings.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL;
            }
            """,
            """
            import { getPermissionsAsync, IosAuthorizationStatus } from 'expo-notifications';
            export async function deliverable() {
              const { status, ios } = await getPermissionsAsync();
              if (status === 'granted') return true;
              return [IosAuthorizationStatus.AUTHORIZED, IosAuthorizationStatus.PROVISIONAL].includes(ios?.status);
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            import { Platform } from 'react-native';
            export async function androidEnabled() {
              if (Platform.OS === 'android') {
                const { granted } = await Notifications.getPermissionsAsync();
                return granted;
              }
              return false;
            }
            """,
            """
            import * as MediaLibrary from 'expo-media-library';
            import * as Notifications from 'expo-notifications';
            export async function canSave() {
              const { status } = await MediaLibrary.getPermissionsAsync();
              return status === 'granted';
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            export async function load() {
              const { granted } = await Notifications.getPermissionsAsync();
              console.log('permission', granted);
            }
            function other(status: string) { return status === 'granted'; }
            """,
            """
            import * as Notifications from 'expo-notifications';
            import { Platform } from 'react-native';
            import { capture, showToast, writeToLog } from './app';
            function settingsMessage(platform: string) {
              return platform === 'ios' ? 'Open Settings › Notifications' : 'Open the app settings';
            }
            export async function reportPush() {
              const { status, granted } = await Notifications.getPermissionsAsync();
              if (status === 'granted') writeToLog('push on'); else writeToLog('push off');
              showToast({ message: granted ? 'Notifications are on' : settingsMessage(Platform.OS) });
              const isGranted = status === 'granted';
              capture('push_permission', { isGranted });
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            async function readPermission() {
              const response = await Notifications.getPermissionsAsync();
              return { status: response.status === 'granted' ? 'granted' : 'denied' };
            }
            export async function logPermission() {
              console.info('permission', (await readPermission()).status);
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            function isOn(status) { return status === 'granted'; }
            export async function sync(setOn, serverStatus) {
              const { status } = await Notifications.getPermissionsAsync();
              setOn(isOn(status) || isOn(serverStatus));
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            export async function wasDenied() {
              const { status } = await Notifications.getPermissionsAsync();
              return status === 'denied';
            }
            """,
        ],
        corrections: [
            // The copied snippet: both comparisons, one fix (a flag follows `finalStatus`).
            RuleCorrection(
                "import * as Notifications from 'expo-notifications';\nexport async function registerForPush() {\n  const { status: existingStatus } = await Notifications.getPermissionsAsync();\n  let finalStatus = existingStatus;\n  if (↓existingStatus !== 'granted') {\n    const { status } = await Notifications.requestPermissionsAsync();\n    finalStatus = status;\n  }\n  if (↓finalStatus !== 'granted') return null;\n  return Notifications.getExpoPushTokenAsync({ projectId: 'p' });\n}\n",
                "import * as Notifications from 'expo-notifications';\nexport async function registerForPush() {\n  const { status: existingStatus, granted: existingGranted, ios: existingIos } = await Notifications.getPermissionsAsync();\n  let finalStatus = existingStatus;\n  let finalDeliverable = existingGranted || existingIos?.status === Notifications.IosAuthorizationStatus.PROVISIONAL || existingIos?.status === Notifications.IosAuthorizationStatus.EPHEMERAL;\n  if (!finalDeliverable) {\n    const { status, granted, ios } = await Notifications.requestPermissionsAsync();\n    finalStatus = status;\n    finalDeliverable = granted || ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL || ios?.status === Notifications.IosAuthorizationStatus.EPHEMERAL;\n  }\n  if (!finalDeliverable) return null;\n  return Notifications.getExpoPushTokenAsync({ projectId: 'p' });\n}\n",
                applicability: .unsafe
            ),
            // A named import: the enum is added to it.
            RuleCorrection(
                "import { getPermissionsAsync } from 'expo-notifications';\nexport async function canNotify() {\n  const settings = await getPermissionsAsync();\n  return ↓settings.granted;\n}\n",
                "import { getPermissionsAsync, IosAuthorizationStatus } from 'expo-notifications';\nexport async function canNotify() {\n  const settings = await getPermissionsAsync();\n  return settings.granted || settings.ios?.status === IosAuthorizationStatus.PROVISIONAL || settings.ios?.status === IosAuthorizationStatus.EPHEMERAL;\n}\n",
                applicability: .unsafe
            ),
            // An awaited call read inline is bound once.
            RuleCorrection(
                "import * as Notifications from 'expo-notifications';\nexport async function canNotify() {\n  return ↓(await Notifications.getPermissionsAsync()).granted;\n}\n",
                "import * as Notifications from 'expo-notifications';\nexport async function canNotify() {\n  const permissions = await Notifications.getPermissionsAsync();\n  return permissions.granted || permissions.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL || permissions.ios?.status === Notifications.IosAuthorizationStatus.EPHEMERAL;\n}\n",
                applicability: .unsafe
            ),
            // The hook's response may be null: its optional chaining is kept.
            RuleCorrection(
                "import * as Notifications from 'expo-notifications';\nexport function PermissionGate({ children }) {\n  const [permission] = Notifications.usePermissions();\n  if (↓permission?.status !== 'granted') return null;\n  return children;\n}\n",
                "import * as Notifications from 'expo-notifications';\nexport function PermissionGate({ children }) {\n  const [permission] = Notifications.usePermissions();\n  if (!(permission?.granted || permission?.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL || permission?.ios?.status === Notifications.IosAuthorizationStatus.EPHEMERAL)) return null;\n  return children;\n}\n",
                applicability: .unsafe
            ),
            // A destructured `granted` in a callback gets its `ios` beside it; an aliased enum is reused.
            RuleCorrection(
                "import { getPermissionsAsync, IosAuthorizationStatus as IOS } from 'expo-notifications';\nexport function watch(setEnabled) {\n  getPermissionsAsync().then(({ granted }) => setEnabled(↓granted));\n}\n",
                "import { getPermissionsAsync, IosAuthorizationStatus as IOS } from 'expo-notifications';\nexport function watch(setEnabled) {\n  getPermissionsAsync().then(({ granted, ios }) => setEnabled(granted || ios?.status === IOS.PROVISIONAL || ios?.status === IOS.EPHEMERAL));\n}\n",
                applicability: .unsafe
            ),
        ],
        messages: [
            RuleMessage(
                "rootStatusGranted", "`{code}` rejects provisionally authorized iOS devices",
                notes: ["a provisionally authorized iOS device reads `status: 'undetermined'`, `granted: false`, yet it receives notifications"],
                help: "also accept `ios?.status === IosAuthorizationStatus.PROVISIONAL` or `EPHEMERAL`"
            ),
            RuleMessage(
                "rootStatusUndetermined", "`{code}` takes provisionally authorized iOS devices for never asked",
                notes: ["a provisionally authorized iOS device also reads `status: 'undetermined'`"],
                help: "check `ios?.status` for `IosAuthorizationStatus.PROVISIONAL` / `EPHEMERAL` first"
            ),
            RuleMessage(
                "grantedRead", "`{code}` is false on provisionally authorized iOS devices",
                notes: ["`granted` is `status === 'granted'`: a provisionally authorized device reads `granted: false`, yet it receives notifications"],
                help: "accept `granted || ios?.status === IosAuthorizationStatus.PROVISIONAL || ios?.status === IosAuthorizationStatus.EPHEMERAL`"
            ),
            RuleMessage(
                "firebaseAuthorizedOnly", "`{code}` rejects provisionally authorized iOS devices",
                notes: ["a provisionally authorized device reports `AuthorizationStatus.PROVISIONAL` (2), not `AUTHORIZED` (1)"],
                help: "accept PROVISIONAL too: `status === AuthorizationStatus.AUTHORIZED || status === AuthorizationStatus.PROVISIONAL`"
            ),
            RuleMessage(
                "notifeeAuthorizedOnly", "`{code}` rejects provisionally authorized iOS devices",
                notes: ["a provisionally authorized device reports `AuthorizationStatus.PROVISIONAL` (2), not `AUTHORIZED` (1)"],
                help: "use `authorizationStatus >= AuthorizationStatus.AUTHORIZED`"
            ),
            RuleMessage(
                "firebaseTruthiness", "`{code}` is truthy for a device that was never asked",
                notes: ["in Firebase messaging NOT_DETERMINED is -1, which is truthy; DENIED, 0, is the only falsy status"],
                help: "compare with `AuthorizationStatus.AUTHORIZED` / `AuthorizationStatus.PROVISIONAL` instead"
            ),
        ]
    )

    public static let nodeKinds: Set<NodeKind> = [
        .binaryExpression, .callExpression, .switchCase, .memberExpression, .identifier,
        .shorthandPropertyIdentifier,
    ]

    public static let requiredText = ["expo-notifications", NotificationLibrary.firebaseMessaging.rawValue, NotificationLibrary.notifee.rawValue]

    public init() {}

    public func visit(_ node: Node, in context: RuleContext) {
        let model = context.semantic
        guard model.mayHavePermissionCode else { return }
        if node.is(.binaryExpression), let (library, status) = model.blindAuthorizationComparison(node) {
            guard !isExempt(node, model) else { return }
            context.report(
                node, library == .firebaseMessaging ? "firebaseAuthorizedOnly" : "notifeeAuthorizedOnly",
                ["code": RuleContext.code(node)],
                related: related(status), dependsOnProvisionalRequests: true
            )
            return
        }
        if node.is(.identifier) || node.is(.memberExpression), let status = model.firebaseTruthinessTest(node) {
            guard !model.neverRunsOnIOS(node) else { return }
            context.report(node, "firebaseTruthiness", ["code": RuleContext.code(node)], related: related(status))
            return
        }
        switch node.nodeKind {
        case .binaryExpression, .callExpression, .switchCase:
            guard let comparison = model.rootStatusComparison(node), !isExempt(node, model) else { return }
            context.report(
                comparison.site, comparison.comparedWith == "granted" ? "rootStatusGranted" : "rootStatusUndetermined",
                ["code": Self.quotedTest(comparison.site)],
                fix: ProvisionalBlindRepair.fix(for: comparison.site, in: model),
                related: related(comparison.statusValue), dependsOnProvisionalRequests: true
            )
        default:
            guard let read = model.grantedDecisionRead(node), !isExempt(node, model) else { return }
            context.report(
                node, "grantedRead", ["code": RuleContext.code(node)],
                fix: ProvisionalBlindRepair.fix(for: node, in: model),
                related: related(read), dependsOnProvisionalRequests: true
            )
        }
    }

    /// The code a comparison finding quotes: a `case 'granted':` clause is quoted without its body.
    private static func quotedTest(_ site: Node) -> String {
        guard site.is(.switchCase), let value = site.child(byField: .value) else { return RuleContext.code(site) }
        return "case \(RuleContext.code(value)):"
    }

    private func isExempt(_ node: Node, _ model: SemanticModel) -> Bool {
        model.neverRunsOnIOS(node) || model.isProvisionalAware(node) || model.isDisplayOnlyDecision(node) && !model.isComparedWordMapping(node) || model.isObservationOnlyDecision(node)
    }

    private func related(_ value: SymbolicValue) -> [RelatedLocation] {
        guard let origin = value.origin else { return [] }
        return [RelatedLocation(range: origin, message: "the permission response comes from here")]
    }
}
