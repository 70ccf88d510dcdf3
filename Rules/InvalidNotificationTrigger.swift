import GrantedLinter
import GrantedSemantics
import GrantedSyntax

/// Notification triggers without a `type`: since SDK 52 they throw, or (with `channelId`) fire at once.
public struct InvalidNotificationTrigger: Rule {
    public static let description = RuleDescription(
        id: "invalid-notification-trigger",
        summary: "A notification trigger object without `type`: throws since SDK 52 (error), or fires at once when it has `channelId` (warning)",
        rationale: """
        ## What it does
        Reports the trigger object of a request passed to `scheduleNotificationAsync` when it has no \
        `type`:
        - with neither `type` nor `channelId` (`{ seconds: 60 }`, `{ hour, minute, repeats: true }`, \
        `{ date }`): an error — since SDK 52 the call throws a `TypeError` ("The `trigger` object you \
        provided is invalid. It needs to contain a `type` or `channelId` entry."), so nothing is scheduled;
        - with `channelId` but no `type`: a warning — it is read as a channel trigger, which delivers \
        the notification at once (iOS has no channels and shows it immediately); any `seconds`, `date` \
        or date components next to it are ignored.

        The request is followed where it is written: an object literal in the call, a variable holding \
        one (the definition that reaches the call, also for a `let` reassigned after it), an element of \
        an array literal scheduled with `for…of`, `forEach` or `map` (also \
        `list.forEach(scheduleNotificationAsync)`), and the branches of `?:`, `||` and `??`. A trigger \
        with a spread or a computed key may carry a `type` and is left alone, as is one the analysis \
        cannot see (a parameter, a call result, a variable that two assignments may reach).

        This check was part of `removed-notification-api` until it got its own id: a configuration \
        that sets `removed-notification-api` should set `invalid-notification-trigger` too.

        ## Why is this bad?
        Type-less triggers were the documented shape before SDK 52. After the upgrade the same code \
        throws at run time — often inside a `try` that hides it, so reminders silently never arrive. \
        A `channelId`-only trigger does not throw, but a notification meant for later shows at once.

        ## Example
        ```ts
        await Notifications.scheduleNotificationAsync({
          content: { title: 'Stretch' },
          trigger: { seconds: 60 },
        });
        ```
        Use instead:
        ```ts
        await Notifications.scheduleNotificationAsync({
          content: { title: 'Stretch' },
          trigger: { type: Notifications.SchedulableTriggerInputTypes.TIME_INTERVAL, seconds: 60 },
        });
        ```
        and `trigger: null` for a notification shown at once.

        ## Fix safety
        No automatic fix: the right `type` depends on what was meant (`{ hour, minute }` can be DAILY \
        or CALENDAR; `{ channelId, seconds }` may have meant TIME_INTERVAL or an immediate notification).

        ## References
        - Since SDK 52 a trigger object with neither `type` nor `channelId` throws a `TypeError`; a \
        `channelId`-only trigger fires at once on iOS (granted-lint facts: Other deprecations / removals).
        - expo/expo `packages/expo-notifications/src/scheduleNotificationAsync.ts` (`parseTrigger`: the \
        `TypeError`, and the `Platform.select` fallback — `null` on iOS, a `channel` trigger on Android) \
        and `src/hasValidTriggerObject.ts` (`'type' in trigger || 'channelId' in trigger`).
        - Expo docs, Notifications: `ChannelAwareTriggerInput` — "A trigger that will cause the \
        notification to be delivered immediately."; `SchedulableTriggerInputTypes`.
        """,
        defaultSeverity: .error,
        fixAvailability: .none,
        tags: ["expo-notifications", "sdk-upgrade", "correctness"],
        precision: "very-high",
        triggeringExamples: [
            """
            import * as Notifications from 'expo-notifications';
            export const later = () => Notifications.scheduleNotificationAsync({ content: { title: 'x' }, trigger: ↓{ seconds: 60 } });
            export const onChannel = () => Notifications.scheduleNotificationAsync({ content: { title: 'x' }, trigger: ↓{ channelId: 'orders' } });
            """,
            """
            import { scheduleNotificationAsync } from 'expo-notifications';
            export async function remind(content: { title: string }, id: string) {
              let request = { content, trigger: ↓{ hour: 9, minute: 0, repeats: true } };
              await scheduleNotificationAsync(request);
              request = { ...request, identifier: id };
              return request;
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            const requests = [
              { content: { title: 'a' }, trigger: ↓{ seconds: 5 } },
              { content: { title: 'b' }, trigger: null },
            ];
            export const all = () => Promise.all(requests.map((r) => Notifications.scheduleNotificationAsync(r)));
            export async function each() {
              for (const r of requests) await Notifications.scheduleNotificationAsync(r);
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            import * as Notifications from 'expo-notifications';
            export const now = () => Notifications.scheduleNotificationAsync({ content: { title: 'Hi' }, trigger: null });
            export const later = () => Notifications.scheduleNotificationAsync({
              content: { title: 'x' },
              trigger: { type: Notifications.SchedulableTriggerInputTypes.TIME_INTERVAL, seconds: 60, channelId: 'orders' },
            });
            export const custom = (base: object) => Notifications.scheduleNotificationAsync({ content: { title: 'x' }, trigger: { ...base, seconds: 5 } });
            """,
            """
            import { scheduleNotificationAsync, SchedulableTriggerInputTypes } from 'expo-notifications';
            export async function remind(content: { title: string }, typed: boolean) {
              let request = { content, trigger: { seconds: 60 } };
              if (typed) request = { content, trigger: { type: SchedulableTriggerInputTypes.TIME_INTERVAL, seconds: 60 } };
              await scheduleNotificationAsync(request);
            }
            """,
        ],
        messages: [
            RuleMessage(
                "channelWithoutType", "`{code}` has `channelId` and no `type`: it fires at once",
                notes: ["iOS shows the notification immediately, Android treats it as a channel trigger{ignored}"],
                help: "give it a `type` (SchedulableTriggerInputTypes) to schedule it, or use `trigger: null` to say it is immediate"
            ),
            RuleMessage(
                "neitherTypeNorChannel", "`{code}` has neither `type` nor `channelId`: nothing is scheduled",
                notes: ["since SDK 52 `scheduleNotificationAsync` throws a TypeError (\"The `trigger` object you provided is invalid\")"],
                help: "give it a `type`{suggested}, or use `trigger: null` for an immediate notification"
            ),
        ]
    )

    public static let nodeKinds: Set<NodeKind> = [.callExpression]
    public static let requiredText = ["expo-notifications"]

    public init() {}

    /// Array methods whose callback receives each element first: `list.forEach(scheduleNotificationAsync)`.
    static let elementCallbackMethods: Set<String> = ["forEach", "map", "flatMap"]

    public func visit(_ node: Node, in context: RuleContext) {
        let model = context.semantic
        guard model.mayHavePermissionCode, let callee = node.child(byField: .function) else { return }
        let arguments = node.child(byField: .arguments)?.namedChildren.filter { $0.nodeKind != .comment } ?? []
        // The trigger of every request the call may receive.
        let triggers: [Node]
        if model.value(of: callee) == .expoExport("scheduleNotificationAsync") {
            triggers = model.possibleObjects(arguments.first, at: ["trigger"])
        } else if Syntax.unwrap(callee).is(.memberExpression),
                  let method = Syntax.unwrap(callee).child(byField: .property),
                  Self.elementCallbackMethods.contains(method.text), let callback = arguments.first,
                  model.value(of: callback) == .expoExport("scheduleNotificationAsync"),
                  let list = Syntax.unwrap(callee).child(byField: .object) {
            triggers = model.possibleElements(of: list, at: ["trigger"])
        } else {
            return
        }
        for trigger in triggers {
            check(trigger, in: context)
        }
    }

    private func check(_ trigger: Node, in context: RuleContext) {
        let members = Syntax.objectMembers(trigger)
        // A spread or a computed key may bring a `type`.
        guard !members.contains(where: { $0.name == nil }), !members.contains(where: { $0.name == "type" }) else { return }
        let names = members.compactMap(\.name)
        if names.contains("channelId") {
            let ignored = names.filter { $0 != "channelId" }
            let detail = ignored.isEmpty
                ? ""
                : "; " + ignored.map { "`\($0)`" }.joined(separator: ", ") + (ignored.count == 1 ? " is" : " are") + " ignored"
            context.report(
                trigger,
                "channelWithoutType", ["code": Self.shape(names), "ignored": detail],
                severity: .warning
            )
        } else {
            context.report(
                trigger,
                "neitherTypeNorChannel", ["code": Self.shape(names), "suggested": Self.suggestedType(names)],
                severity: .error
            )
        }
    }

    /// A trigger object as a message quotes it: its keys (`{ hour, minute, repeats }`).
    static func shape(_ names: [String]) -> String {
        names.isEmpty ? "{}" : "{ " + names.joined(separator: ", ") + " }"
    }

    /// The type the fields point to, when they point to one.
    static func suggestedType(_ names: [String]) -> String {
        if names.contains("seconds") { return " (`SchedulableTriggerInputTypes.TIME_INTERVAL`)" }
        if names.contains("date") { return " (`SchedulableTriggerInputTypes.DATE`)" }
        return " (SchedulableTriggerInputTypes.DAILY, WEEKLY, CALENDAR, ...)"
    }
}
