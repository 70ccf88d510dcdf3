import GrantedLinter
import GrantedSyntax

/// A provisional request sent without first checking that the device was never asked.
public struct UnguardedProvisionalRequest: Rule {
    public static let description = RuleDescription(
        id: "unguarded-provisional-request",
        summary: "A provisional permission request that does not first check that the device was never asked (`NOT_DETERMINED`)",
        rationale: """
        ## What it does
        Reports an expo-notifications permission request whose options set `ios.allowProvisional` to \
        `true`, or to an expression that can be true (`mode === 'provisional'`, a flag): \
        `requestPermissionsAsync(options)`, redux-saga's `call(requestPermissionsAsync, options)`, or \
        the request function of `usePermissions(options)`. It is reported when nothing before it in \
        its flow tests the permission state: no enclosing `if`, ternary or `&&` / `||` whose \
        condition tests it, and no earlier `return` / `throw` under such a test. A test is a \
        comparison of the iOS status (with `NOT_DETERMINED`, `0`, or any other status) or of the \
        root status (with `'undetermined'`, `PermissionStatus.UNDETERMINED`, `'granted'`, \
        `'denied'`), a read of `granted` or `canAskAgain`, a call given permission data \
        (`isUndetermined(settings.ios?.status)`), or a local helper or constant that makes such a \
        test. Tests in an enclosing callback's function count (`useCallback`, `.then`, a JSX \
        `{undetermined && <Button onPress={() => ask()} />}`); a function of this file that is not \
        exported and is only called where such a test comes first counts as guarded. Not reported \
        in Android-only code, nor when the options cannot be seen.

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
        ]
    )

    public static let nodeKinds: Set<NodeKind> = [.callExpression]

    public init() {}

    public func visit(_ node: Node, in context: RuleContext) {
        let model = context.semantic
        guard model.mayHavePermissionCode, let request = model.permissionRequest(node) ?? model.hookRequest(node),
              model.provisionalOption(ofExpoOptions: request.options).canBeProvisional,
              !model.neverRunsOnIOS(node), !model.isGuardedByPermissionTest(node) else { return }
        context.report(
            request.call,
            "unguarded", ["code": RuleContext.call(request.call)]
        )
    }
}
