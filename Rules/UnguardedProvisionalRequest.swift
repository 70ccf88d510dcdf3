import GrantedLinter
import GrantedSemantics
import GrantedSyntax

/// A provisional request sent without first checking that the device was never asked.
public struct UnguardedProvisionalRequest: Rule {
    public static let description = RuleDescription(
        id: "unguarded-provisional-request",
        summary: "A provisional permission request that does not first check that the device was never asked (`NOT_DETERMINED`)",
        rationale: """
        ## What it does
        Reports a permission request that can ask for provisional authorization when nothing before \
        it keeps a device that declined away. The requests: expo-notifications' \
        `requestPermissionsAsync(options)` whose `ios.allowProvisional` is `true` or an expression \
        that can be true (`mode === 'provisional'`, a flag), also redux-saga's \
        `call(requestPermissionsAsync, options)` and the request function of \
        `usePermissions(options)`; Firebase messaging's and Notifee's \
        `requestPermission({ provisional: true })` (modular Firebase too); react-native-permissions' \
        `requestNotifications([..., 'provisional'])`. \
        Each condition on the way to the request — an enclosing `if`, ternary, loop or `&&` / `||`, \
        and every earlier `return` / `throw` under a test — is evaluated on a device whose user \
        declined (expo: root `status` `'denied'`, `granted` and `canAskAgain` false, `ios.status` \
        `DENIED`; Firebase and Notifee: `DENIED`; react-native-permissions: `'blocked'`). The \
        request is guarded when such a device cannot reach it: a never-asked test \
        (`ios.status === NOT_DETERMINED`, `status === 'undetermined'`, Firebase's or Notifee's \
        `NOT_DETERMINED`, react-native-permissions' `'denied'`), or an exit for declined devices \
        (`'denied'`, `DENIED`, `canAskAgain === false`, `'blocked'`). A test of `granted` alone — \
        `if (existingStatus !== 'granted')`, the copied snippet's — is not a guard: a declined \
        device is not granted either. Neither is a provisional-aware "deliverable" value alone. \
        Local helpers and constants are evaluated (`isDeliverable(settings)`, \
        `const undetermined = …`); a test the model cannot see into (a helper of another file given \
        the response) counts as a guard. Tests in an enclosing callback's function count \
        (`useCallback`, `.then`, a JSX `{undetermined && <Button onPress={() => ask()} />}`); a \
        function of this file that is not exported and is only called where a guard comes first \
        counts as guarded. Not reported in code that never runs on iOS (Android-only, web-only), \
        nor when the options cannot be seen.

        ## Why is this bad?
        A provisional request only does something on a device that was never asked. iOS prompts \
        and records an answer only for the first request; a device that already granted full \
        authorization gains nothing from it (the code relies on iOS not downgrading it to \
        provisional), and a device whose user declined just gets `DENIED` back — while the code \
        suggests that asking quietly can win declined users back. Send the provisional request to \
        `NOT_DETERMINED` devices only, and handle the others on purpose: nothing to do when \
        authorized, an explanation and `Linking.openSettings()` when denied.

        ## Example
        ```ts
        export async function registerForPushAsync(mode: 'provisional' | 'full') {
          await Notifications.requestPermissionsAsync({
            ios: { allowAlert: true, allowSound: true, allowProvisional: mode === 'provisional' },
          });
        }
        ```
        Use instead:
        ```ts
        export async function registerForPushAsync(mode: 'provisional' | 'full') {
          const settings = await Notifications.getPermissionsAsync();
          // Already decided on iOS (authorized, provisional or denied): asking changes nothing.
          // (Android has no `ios` settings and still needs its request.)
          if (settings.ios && settings.ios.status !== Notifications.IosAuthorizationStatus.NOT_DETERMINED) {
            return settings;
          }
          return Notifications.requestPermissionsAsync({
            ios: { allowAlert: true, allowSound: true, allowProvisional: mode === 'provisional' },
          });
        }
        ```

        ## Fix safety
        No automatic fix: what to do for devices that were already asked is a product decision.

        ## References
        - Apple, "Asking permission to use notifications" (UserNotifications): the first \
        authorization request prompts and the system records the answer; subsequent requests do not \
        prompt.
        - expo/expo `src/NotificationPermissions.ts` and iOS `PermissionsModule.swift`: `allowProvisional`; \
        "A device that is DENIED is never prompted again: the request just returns DENIED" \
        (granted-lint facts: Request options).
        - Firebase messaging and Notifee report `NOT_DETERMINED` (-1) and `DENIED` (0); \
        react-native-permissions reports a device never asked as `'denied'` (still requestable) and \
        one that declined as `'blocked'` (granted-lint facts: Other React Native libraries).
        - `IosAuthorizationStatus.NOT_DETERMINED = 0` (granted-lint facts: IosAuthorizationStatus); a \
        provisional device reads root `status: 'undetermined'` (granted-lint facts: The crux); the \
        hook forwards its options to `requestPermissionsAsync` (granted-lint facts: The hook).
        """,
        defaultSeverity: .note,
        tags: ["expo-notifications", "ios", "provisional", "ux"],
        precision: "medium",
        triggeringExamples: [
            """
            import * as Notifications from 'expo-notifications';
            export async function startQuietly() {
              return ↓Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowProvisional: true } });
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            export async function registerForPushAsync(mode: 'provisional' | 'full') {
              const settings = await Notifications.getPermissionsAsync();
              console.log('asking', mode, settings.ios?.status);
              await ↓Notifications.requestPermissionsAsync({
                ios: { allowAlert: true, allowSound: true, allowProvisional: mode === 'provisional' },
              });
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            export function useQuietPrompt() {
              const [permission, requestPermission] = Notifications.usePermissions({ ios: { allowProvisional: true } });
              const ask = async () => {
                await ↓requestPermission();
              };
              return { permission, ask };
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            export async function registerQuietly() {
              const { status: existingStatus } = await Notifications.getPermissionsAsync();
              if (existingStatus !== 'granted') {
                await ↓Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowProvisional: true } });
              }
            }
            """,
            """
            import messaging from '@react-native-firebase/messaging';
            export async function askQuietly() {
              return ↓messaging().requestPermission({ provisional: true });
            }
            """,
            """
            import { call } from 'redux-saga/effects';
            import * as Notifications from 'expo-notifications';
            export function* askQuietlySaga() {
              yield ↓call(Notifications.requestPermissionsAsync, { ios: { allowProvisional: true } });
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            import * as Notifications from 'expo-notifications';
            export async function registerQuietly() {
              const { status: existingStatus } = await Notifications.getPermissionsAsync();
              if (existingStatus === 'denied') return;
              if (existingStatus !== 'granted') {
                await Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowProvisional: true } });
              }
            }
            """,
            """
            import messaging from '@react-native-firebase/messaging';
            export async function askQuietly() {
              const status = await messaging().hasPermission();
              if (status !== messaging.AuthorizationStatus.NOT_DETERMINED) return status;
              return messaging().requestPermission({ provisional: true });
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            export async function registerForPushAsync(mode: 'provisional' | 'full') {
              const settings = await Notifications.getPermissionsAsync();
              if (settings.ios && settings.ios.status !== Notifications.IosAuthorizationStatus.NOT_DETERMINED) return settings;
              return Notifications.requestPermissionsAsync({ ios: { allowProvisional: mode === 'provisional' } });
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            export async function startQuietly() {
              const { status, canAskAgain } = await Notifications.getPermissionsAsync();
              if (!canAskAgain) return status;
              if (status === 'undetermined') {
                await Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } });
              }
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            export const askFully = () => Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowProvisional: false } });
            export const askByDefault = () => Notifications.requestPermissionsAsync();
            export const askWith = (options: Notifications.NotificationPermissionsRequest) => Notifications.requestPermissionsAsync(options);
            """,
            """
            import * as Notifications from 'expo-notifications';
            import { Platform } from 'react-native';
            export async function askOnAndroid() {
              if (Platform.OS !== 'android') return;
              await Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } });
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            export function useQuietPrompt() {
              const [permission, requestPermission] = Notifications.usePermissions({ ios: { allowProvisional: true } });
              const ask = () => permission?.ios?.status === Notifications.IosAuthorizationStatus.NOT_DETERMINED && requestPermission();
              return { permission, ask };
            }
            """,
            """
            import * as MediaLibrary from 'expo-media-library';
            export const ask = () => MediaLibrary.requestPermissionsAsync({ ios: { allowProvisional: true } });
            """,
        ],
        messages: [
            RuleMessage(
                "unguarded", "`{code}` asks provisionally without a never-asked check",
                notes: ["a device that already granted full authorization gains nothing, and a denied one just gets DENIED back"],
                help: "send it only when `ios.status` is `IosAuthorizationStatus.NOT_DETERMINED`, and handle the others on purpose"
            ),
            RuleMessage(
                "unguardedLibrary", "`{code}` asks provisionally without a never-asked check",
                notes: ["a device that declined just gets its denial back (`DENIED`, or `'blocked'` in react-native-permissions)"],
                help: "send it only to a device that was never asked: `NOT_DETERMINED` (Firebase, Notifee), `'denied'` from `checkNotifications()` (react-native-permissions)"
            ),
        ]
    )

    public static let nodeKinds: Set<NodeKind> = [.callExpression]

    public static let requiredText = [
        "expo-notifications", NotificationLibrary.firebaseMessaging.rawValue, NotificationLibrary.notifee.rawValue,
        RequestLibrary.permissionsLib.rawValue,
    ]

    public init() {}

    public func visit(_ node: Node, in context: RuleContext) {
        let model = context.semantic
        guard model.mayHavePermissionCode || model.importsPermissionsLibrary, let request = model.notificationPermissionRequest(node), request.option.canBeProvisional,
              !model.neverRunsOnIOS(node), !model.keepsDeclinedDevicesOut(node, library: request.library) else { return }
        context.report(
            request.call,
            request.library == .expo ? "unguarded" : "unguardedLibrary", ["code": RuleContext.call(request.call)]
        )
    }
}
