import GrantedLinter
import GrantedSemantics
import GrantedSyntax

/// Android 13+: no permission prompt appears until a notification channel exists.
public struct ChannelAfterPermissionRequest: Rule {
    public static let description = RuleDescription(
        id: "channel-after-permission-request",
        summary: "A notification channel created after (or without awaiting before) the permission request or push-token call",
        rationale: """
        ## What it does
        In one function, reports an expo `setNotificationChannelAsync` call that runs after a \
        `requestPermissionsAsync`, `getExpoPushTokenAsync` or `getDevicePushTokenAsync` call, or that is \
        not awaited while such a call follows it. When a whole project requests permission but creates \
        no channel anywhere, the run adds one project-level note at the first request.

        ## Why is this bad?
        On Android 13 and later the system permission prompt does not appear until the app has at least \
        one notification channel. Requesting first (or racing an un-awaited channel creation) means the \
        prompt silently never shows and the request returns `denied`.

        ## Example
        ```ts
        const { status } = await Notifications.requestPermissionsAsync();
        await Notifications.setNotificationChannelAsync('default', { name: 'Default', importance: Notifications.AndroidImportance.MAX });
        ```
        Use instead:
        ```ts
        await Notifications.setNotificationChannelAsync('default', { name: 'Default', importance: Notifications.AndroidImportance.MAX });
        const { status } = await Notifications.requestPermissionsAsync();
        ```

        ## Fix safety
        No automatic fix: moving calls can change behaviour.

        ## References
        - Expo docs, Permissions → Android; expo/expo issue #19043 (granted-lint facts: Android 13+).
        """,
        defaultSeverity: .warning,
        tags: ["expo-notifications", "android"],
        precision: "high",
        triggeringExamples: [
            """
            import * as Notifications from 'expo-notifications';
            export async function register() {
              await Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } });
              await ↓Notifications.setNotificationChannelAsync('default', { name: 'Default', importance: 4 });
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            export async function register() {
              ↓Notifications.setNotificationChannelAsync('default', { name: 'Default', importance: 4 });
              return Notifications.getExpoPushTokenAsync({ projectId: 'abc' });
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            import * as Notifications from 'expo-notifications';
            export async function register() {
              await Notifications.setNotificationChannelAsync('default', { name: 'Default', importance: 4 });
              await Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } });
            }
            export function setUpChannel() {
              return Notifications.setNotificationChannelAsync('news', { name: 'News', importance: 3 });
            }
            """,
        ],
        messages: [
            RuleMessage(
                "createdAfterPrompt", "`setNotificationChannelAsync` runs after `{callee}`: Android 13+ shows no prompt",
                notes: ["on Android 13+ no permission prompt appears until a notification channel exists"],
                help: "create (and await) the channel before requesting permission or a push token"
            ),
            RuleMessage(
                "notAwaited", "`setNotificationChannelAsync` is not awaited before `{callee}`",
                notes: ["on Android 13+ the prompt needs the channel to exist already"],
                help: "add `await`"
            ),
            RuleMessage(
                "noChannel", "`{code}`: the project creates no notification channel",
                notes: ["on Android 13+ the permission prompt does not appear until a notification channel exists"],
                help: "create one with `setNotificationChannelAsync` (and await it) before the first request"
            ),
        ]
    )

    public static let nodeKinds: Set<NodeKind> = [.callExpression]
    public static let requiredText = ["expo-notifications"]
    /// Fact names for the project-level check.
    public static let requestFact = "permission-request"
    public static let channelFact = "notification-channel"
    static let promptingCalls: Set<String> = ["requestPermissionsAsync", "getExpoPushTokenAsync", "getDevicePushTokenAsync"]

    public init() {}

    public func visit(_ node: Node, in context: RuleContext) {
        let model = context.semantic
        guard model.mayHavePermissionCode, let callee = node.child(byField: .function) else { return }
        let name = model.value(of: callee).expoExportName
        if name == "requestPermissionsAsync" || model.permissionRequest(node) != nil {
            context.recordFact(Self.requestFact, at: node.byteRange)
        }
        guard name == "setNotificationChannelAsync" else { return }
        context.recordFact(Self.channelFact, at: node.byteRange)
        let owner = model.enclosingFunction(of: node)
        let prompting = model.calls.filter { call in
            call.child(byField: .function).flatMap { model.value(of: $0).expoExportName }.map(Self.promptingCalls.contains) == true
                && model.enclosingFunction(of: call)?.id == owner?.id
        }
        if let earlier = prompting.first(where: { $0.startByte < node.startByte }) {
            context.report(
                node,
                "createdAfterPrompt", ["callee": calleeName(earlier)],
                related: [RelatedLocation(range: earlier.byteRange, message: "this call runs before the channel exists")]
            )
        } else if !isWaitedFor(node), let later = prompting.first(where: { $0.startByte > node.startByte }) {
            context.report(
                node,
                "notAwaited", ["callee": calleeName(later)],
                related: [RelatedLocation(range: later.byteRange, message: "this call may run before the channel exists")]
            )
        }
    }

    private func calleeName(_ call: Node) -> String {
        let callee = call.child(byField: .function).map(Syntax.unwrap)
        return (callee?.nodeKind == .memberExpression ? callee?.child(byField: .property)?.text : callee?.text) ?? "the call"
    }

    /// Awaited, returned, chained with `.then`, or in an awaited `Promise.all`.
    private func isWaitedFor(_ call: Node) -> Bool {
        var child = call
        while let parent = child.parent {
            switch parent.nodeKind {
            case .parenthesizedExpression, .asExpression, .nonNullExpression, .array, .arguments:
                child = parent
            case .callExpression:
                // `Promise.all([...])` around it: keep climbing to see whether that is awaited.
                child = parent
            case .awaitExpression, .returnStatement, .yieldExpression:
                return true
            case .arrowFunction:
                return parent.child(byField: .body)?.id == child.id
            case .memberExpression:
                return parent.child(byField: .property).map { ["then", "catch", "finally"].contains($0.text) } == true
            default:
                return false
            }
        }
        return false
    }

    /// The project-level part of channel-after-permission-request: a project that requests
    /// permission but never creates a notification channel gets one note, at its first request.
    /// (Only for whole-project runs: a subset of files cannot show that no channel exists.)
    public static func addMissingChannelNote(to report: inout LintReport) {
        let factsByFile = report.results.map(\.facts)
        guard !factsByFile.contains(where: { !($0[channelFact] ?? []).isEmpty }) else { return }
        let candidates = report.results.indices.filter { !(report.results[$0].facts[requestFact] ?? []).isEmpty }
        guard let first = candidates.min(by: { report.results[$0].file.path < report.results[$1].file.path }),
              let range = report.results[first].facts[requestFact]?.min(by: { $0.lowerBound < $1.lowerBound })
        else { return }
        let result = report.results[first]
        var diagnostics = result.diagnostics
        let words = description.messageTable["noChannel"]!
            .rendered(["code": RuleMessage.callQuote(result.file.text.text(in: range))])
        diagnostics.append(Diagnostic(
            ruleId: description.id, severity: .note,
            message: words.message, notes: words.notes, help: words.help, range: range
        ))
        diagnostics.sort { ($0.range.lowerBound, $0.ruleId) < ($1.range.lowerBound, $1.ruleId) }
        report.results[first] = result.replacing(diagnostics: diagnostics)
    }
}
