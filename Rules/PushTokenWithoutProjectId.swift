import GrantedLinter
import GrantedSemantics
import GrantedSyntax

/// `getExpoPushTokenAsync` without a real `projectId`.
public struct PushTokenWithoutProjectId: Rule {
    public static let description = RuleDescription(
        id: "push-token-without-project-id",
        summary: "`getExpoPushTokenAsync` without a `projectId` (or with a placeholder) throws when the id cannot be inferred",
        rationale: """
        ## What it does
        Reports expo-notifications `getExpoPushTokenAsync()` called with no argument, with an object \
        literal that has no `projectId`, or with a placeholder `projectId` (`'YOUR_EAS_PROJECT_ID'`, \
        `'your-project-id'`, `''`, `'<project-id>'`).

        ## Why is this bad?
        Without a project id the call throws `ERR_NOTIFICATIONS_NO_EXPERIENCE_ID` unless the id can be \
        inferred from the app's configuration — which works in some builds and fails in others, so the \
        push token silently goes missing in production. Expo's docs read the id from \
        `Constants?.expoConfig?.extra?.eas?.projectId ?? Constants?.easConfig?.projectId`.

        ## Example
        ```ts
        const token = await Notifications.getExpoPushTokenAsync();
        ```
        Use instead:
        ```ts
        const projectId = Constants?.expoConfig?.extra?.eas?.projectId ?? Constants?.easConfig?.projectId;
        const token = await Notifications.getExpoPushTokenAsync({ projectId });
        ```

        ## Fix safety
        No automatic fix: the id belongs to the project.

        ## References
        - expo/expo `packages/expo-notifications/src/getExpoPushTokenAsync.ts` and the push set-up guide \
        (granted-lint facts: Push token).
        """,
        defaultSeverity: .error,
        tags: ["expo-notifications", "push-token", "correctness"],
        precision: "high",
        triggeringExamples: [
            """
            import * as Notifications from 'expo-notifications';
            export const token = async () => (await ↓Notifications.getExpoPushTokenAsync()).data;
            """,
            """
            import { getExpoPushTokenAsync } from 'expo-notifications';
            export const a = () => ↓getExpoPushTokenAsync({ projectId: 'YOUR_EAS_PROJECT_ID' });
            export const b = () => ↓getExpoPushTokenAsync({ applicationId: 'com.example' });
            """,
        ],
        nonTriggeringExamples: [
            """
            import * as Notifications from 'expo-notifications';
            import Constants from 'expo-constants';
            export async function token() {
              const projectId = Constants?.expoConfig?.extra?.eas?.projectId ?? Constants?.easConfig?.projectId;
              return (await Notifications.getExpoPushTokenAsync({ projectId })).data;
            }
            export const withOptions = (options: Notifications.ExpoPushTokenOptions) => Notifications.getExpoPushTokenAsync(options);
            export const literal = () => Notifications.getExpoPushTokenAsync({ projectId: '8f1c2a34-5b6d-4e7f-9a0b-1c2d3e4f5a6b' });
            """,
        ],
        messages: [
            RuleMessage(
                "noOptions", "`getExpoPushTokenAsync` is called without a `projectId`",
                notes: ["without a `projectId` it throws ERR_NOTIFICATIONS_NO_EXPERIENCE_ID unless the id can be inferred"],
                help: "pass `{ projectId }` from `Constants.expoConfig?.extra?.eas?.projectId ?? Constants.easConfig?.projectId`"
            ),
            RuleMessage(
                "optionsWithoutProjectId", "`getExpoPushTokenAsync` gets options without a `projectId`",
                notes: ["without a `projectId` it throws ERR_NOTIFICATIONS_NO_EXPERIENCE_ID unless the id can be inferred"],
                help: "pass `{ projectId }` from `Constants.expoConfig?.extra?.eas?.projectId ?? Constants.easConfig?.projectId`"
            ),
            RuleMessage(
                "placeholderProjectId", "`getExpoPushTokenAsync` gets the placeholder project id '{id}'",
                notes: ["a placeholder is no project: the token request fails"],
                help: "pass `{ projectId }` from `Constants.expoConfig?.extra?.eas?.projectId ?? Constants.easConfig?.projectId`"
            ),
        ]
    )

    public static let nodeKinds: Set<NodeKind> = [.callExpression]
    public static let requiredText = ["expo-notifications"]

    public init() {}

    public func visit(_ node: Node, in context: RuleContext) {
        let model = context.semantic
        guard model.mayHavePermissionCode, let callee = node.child(byField: .function),
              model.value(of: callee) == .expoExport("getExpoPushTokenAsync") else { return }
        let argument = node.child(byField: .arguments)?.namedChildren.first { $0.nodeKind != .comment }
        let messageId: String
        var arguments: [String: String] = [:]
        switch model.resolveObject(argument) {
        case .absent:
            messageId = "noOptions"
        case .unresolvable:
            return
        case let .literal(object):
            let members = Syntax.objectMembers(object)
            if members.contains(where: \.isSpread) { return }
            guard let projectId = members.last(where: { $0.name == "projectId" }) else {
                messageId = "optionsWithoutProjectId"
                break
            }
            guard let value = projectId.value, let text = Syntax.stringValue(value), Self.isPlaceholder(text) else { return }
            messageId = "placeholderProjectId"
            arguments["id"] = text
        }
        context.report(
            node,
            messageId, arguments
        )
    }

    static func isPlaceholder(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let lowered = trimmed.lowercased()
        return trimmed.isEmpty || (trimmed.hasPrefix("<") && trimmed.hasSuffix(">"))
            || (lowered.contains("your") && lowered.contains("project")) || lowered == "project-id" || lowered == "projectid"
            || lowered.contains("xxxx")
    }
}

#if canImport(Foundation)
import Foundation
#endif
