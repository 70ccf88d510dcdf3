import GrantedLinter
import GrantedSemantics
import GrantedSyntax

/// A permission request after reading permissions, with no check whether the user already declined.
public struct RequestWhenDenied: Rule {
    public static let description = RuleDescription(
        id: "request-when-denied",
        summary: "A permission request that does not first check whether the user already declined (`canAskAgain`, DENIED)",
        rationale: """
        ## What it does
        Reports an expo-notifications `requestPermissionsAsync` call in a function that earlier read \
        the permissions with `getPermissionsAsync` and, before the request, tests none of: \
        `canAskAgain`, the root status against `'denied'` / `PermissionStatus.DENIED`, or the iOS \
        status against `IosAuthorizationStatus.DENIED` (1). Only a read before the request counts: \
        `canAskAgain` named by a type, stored under an object's key, bound by a destructuring that is \
        tested only after the request, or read from the request's answer or from a second \
        `getPermissionsAsync()` (kept in the object the function returns) keeps no declined device \
        away from the dialog.

        ## Why is this bad?
        A device whose user declined is never prompted again: the request just returns the denial at \
        once, so the button the user tapped appears to do nothing. When `canAskAgain` is false (or the \
        status is `denied`), explain why notifications matter and send the user to Settings \
        (`Linking.openSettings()`) instead.

        ## Example
        ```ts
        const { status } = await Notifications.getPermissionsAsync();
        if (status !== 'granted') await Notifications.requestPermissionsAsync();
        ```
        Use instead:
        ```ts
        const settings = await Notifications.getPermissionsAsync();
        if (!settings.canAskAgain) return Linking.openSettings();
        await Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } });
        ```

        ## Fix safety
        No automatic fix.

        ## References
        - expo-modules-core `PermissionsInterface.ts`: `canAskAgain` is `status !== 'denied'`; iOS never \
        shows the prompt twice — "A device that is DENIED is never prompted again: the request just \
        returns DENIED" (granted-lint facts: Request options).
        """,
        defaultSeverity: .note,
        tags: ["expo-notifications", "ux"],
        precision: "medium",
        triggeringExamples: [
            """
            import * as Notifications from 'expo-notifications';
            export async function ensure() {
              const { status } = await Notifications.getPermissionsAsync();
              console.log('permission', status);
              const current = await Notifications.getPermissionsAsync();
              return ↓Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } });
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            export async function register() {
              const settings = await Notifications.getPermissionsAsync();
              if (settings.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL) return;
              await ↓Notifications.requestPermissionsAsync();
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            export async function ensure(): Promise<{ status: string; canAskAgain: boolean }> {
              const { ios } = await Notifications.getPermissionsAsync();
              if (!ios?.allowsAlert) await ↓Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } });
              const { status, canAskAgain } = await Notifications.getPermissionsAsync();
              return { status, canAskAgain };
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            import * as Notifications from 'expo-notifications';
            export async function ensure() {
              const settings = await Notifications.getPermissionsAsync();
              if (!settings.canAskAgain) return false;
              return Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } });
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            export async function ensure() {
              const { status } = await Notifications.getPermissionsAsync();
              if (status === Notifications.PermissionStatus.DENIED) return false;
              return Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } });
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            export async function ensure() {
              const { ios, canAskAgain: canAsk } = await Notifications.getPermissionsAsync();
              if (ios?.allowsAlert || !canAsk) return;
              await Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } });
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            export const ask = () => Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } });
            """,
        ],
        messages: [
            RuleMessage(
                "noDenialCheck", "`{code}` runs without checking whether the user already declined",
                notes: ["a denied device is never prompted again: the call just returns the denial"],
                help: "check `canAskAgain` (or `status === 'denied'`) first and offer to open Settings"
            ),
        ]
    )

    public static let nodeKinds: Set<NodeKind> = [.callExpression]
    public static let requiredText = ["expo-notifications"]

    public init() {}

    public func visit(_ node: Node, in context: RuleContext) {
        let model = context.semantic
        guard model.mayHavePermissionCode, let request = model.permissionRequest(node) else { return }
        let scope = model.enclosingFunction(of: node) ?? model.tree.root
        let readsFirst = model.calls.contains { call in
            call.startByte < node.startByte && scope.contains(call)
                && call.child(byField: .function).map { model.value(of: $0) == .expoExport("getPermissionsAsync") } == true
        }
        guard readsFirst, !checksDenial(in: scope, before: node.startByte, model) else { return }
        context.report(
            request.call,
            "noDenialCheck", ["code": RuleContext.call(request.call)]
        )
    }

    /// Whether code in `scope` before `offset` reads `canAskAgain` or compares a status with DENIED.
    /// Only reads count: a type that names the field, an object's key that stores it and a
    /// destructuring pattern that binds it (`const { canAskAgain } = await …` — its later test is the
    /// read) keep no denied device away. A field read after the request (the answer's, or a second
    /// `getPermissionsAsync()`'s kept in the returned object) comes too late.
    private func checksDenial(in scope: Node, before offset: Int, _ model: SemanticModel) -> Bool {
        var work = [scope]
        while let node = work.popLast() {
            guard node.startByte < offset else { continue }
            switch node.nodeKind {
            case .typeAnnotation, .typeArguments, .typeAliasDeclaration, .interfaceDeclaration:
                continue
            case .memberExpression:
                if node.child(byField: .property)?.textEquals("canAskAgain") == true { return true }
            case .identifier, .shorthandPropertyIdentifier:
                if model.isReference(node), node.textEquals("canAskAgain") || model.value(of: node).isCanAskAgain {
                    return true
                }
            case .binaryExpression:
                if comparesWithDenied(node, model) { return true }
            default:
                break
            }
            work.append(contentsOf: node.namedChildren)
        }
        return false
    }

    private func comparesWithDenied(_ node: Node, _ model: SemanticModel) -> Bool {
        guard let left = node.child(byField: .left), let right = node.child(byField: .right) else { return false }
        // A variable that holds a status on some path is a status test there (no finding when in doubt).
        for (statusSide, constantSide) in [(left, right), (right, left)] {
            let statuses = model.possibleValues(of: statusSide)
            if statuses.contains(where: \.isRootStatus) {
                if Syntax.stringValue(constantSide) == "denied" { return true }
                if model.value(of: constantSide) == .expoEnumMember(enumName: "PermissionStatus", member: "DENIED") { return true }
            }
            if statuses.contains(where: \.isIosStatus) {
                if Syntax.numberValue(constantSide) == 1 { return true }
                if model.value(of: constantSide) == .expoEnumMember(enumName: "IosAuthorizationStatus", member: "DENIED") { return true }
            }
        }
        return false
    }
}
