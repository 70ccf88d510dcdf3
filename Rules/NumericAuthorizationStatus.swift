import GrantedLinter
import GrantedSemantics
import GrantedSyntax

/// An authorization status compared with a bare number: the libraries number them differently.
public struct NumericAuthorizationStatus: Rule {
    public static let description = RuleDescription(
        id: "numeric-authorization-status",
        summary: "An authorization status compared with a bare number instead of its enum member",
        rationale: """
        ## What it does
        Reports a comparison (`===`, `!==`, `==`, `!=`, `<`, `<=`, `>`, `>=`) of an authorization status \
        with a bare number: expo-notifications' `ios.status` (`IosAuthorizationStatus`), \
        @react-native-firebase/messaging's `requestPermission()` / `hasPermission()` result and \
        @notifee/react-native's `authorizationStatus`. Also reports the always-true tail of \
        `status === 2 || 3`, where `3` is a number, not a comparison.

        ## Why is this bad?
        The libraries number the same states differently: PROVISIONAL is 3 in expo \
        (`IosAuthorizationStatus`, Apple's raw values) but 2 in Firebase and Notifee, where \
        NOT_DETERMINED is -1. A bare `=== 3` is correct in one library and means EPHEMERAL in another; \
        code copied between them silently changes meaning. The enum member says what is meant.

        ## Example
        ```ts
        const settings = await Notifications.getPermissionsAsync();
        if (settings.ios?.status === 3) enableQuietMode();
        ```
        Use instead:
        ```ts
        if (settings.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL) enableQuietMode();
        ```

        ## Fix safety
        Safe: the number is replaced by the enum member with the same value, when the enum is \
        reachable by name in the file (an import of `IosAuthorizationStatus` / `AuthorizationStatus`, \
        or the module's namespace). Otherwise no fix is offered. The `|| 3` tail has no fix: what was \
        meant is for the reader to decide.

        ## References
        - expo/expo `packages/expo-notifications/src/NotificationPermissions.types.ts`: \
        `IosAuthorizationStatus` NOT_DETERMINED 0, DENIED 1, AUTHORIZED 2, PROVISIONAL 3, EPHEMERAL 4.
        - invertase/react-native-firebase `packages/messaging/lib/statics.ts` and invertase/notifee \
        `packages/react-native/src/types/Notification.ts`: NOT_DETERMINED -1, DENIED 0, AUTHORIZED 1, \
        PROVISIONAL 2 (Firebase: EPHEMERAL 3) (granted-lint facts: Other React Native libraries).
        """,
        defaultSeverity: .warning,
        fixAvailability: .sometimes,
        tags: ["expo-notifications", "firebase", "notifee", "maintainability"],
        precision: "very-high",
        triggeringExamples: [
            """
            import * as Notifications from 'expo-notifications';
            export async function quiet() {
              const settings = await Notifications.getPermissionsAsync();
              return settings.granted || ↓settings.ios?.status === 3;
            }
            """,
            """
            import messaging from '@react-native-firebase/messaging';
            export async function ask() {
              const status = await messaging().requestPermission();
              return ↓status === 1 || ↓status === 2;
            }
            """,
            """
            import notifee, { AuthorizationStatus } from '@notifee/react-native';
            export async function ok() {
              const settings = await notifee.getNotificationSettings();
              return ↓settings.authorizationStatus >= 1;
            }
            """,
            """
            import * as Notifications from 'expo-notifications';
            export async function quiet() {
              const { ios } = await Notifications.getPermissionsAsync();
              return ↓ios?.status === 3 || ↓4;
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            import * as Notifications from 'expo-notifications';
            import { Platform } from 'react-native';
            export async function quiet(retries: number) {
              const settings = await Notifications.getPermissionsAsync();
              if (Platform.Version >= 33 || retries > 3) return false;
              return settings.granted || settings.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL;
            }
            """,
            """
            import messaging from '@react-native-firebase/messaging';
            export async function ask() {
              const status = await messaging().requestPermission();
              return status === messaging.AuthorizationStatus.AUTHORIZED || status === messaging.AuthorizationStatus.PROVISIONAL;
            }
            """,
        ],
        corrections: [
            RuleCorrection(
                "import { IosAuthorizationStatus, getPermissionsAsync } from 'expo-notifications';\nexport const q = async () => (await getPermissionsAsync()).granted || ↓(await getPermissionsAsync()).ios?.status === 3;\n",
                "import { IosAuthorizationStatus, getPermissionsAsync } from 'expo-notifications';\nexport const q = async () => (await getPermissionsAsync()).granted || (await getPermissionsAsync()).ios?.status === IosAuthorizationStatus.PROVISIONAL;\n"
            ),
            RuleCorrection(
                "import messaging from '@react-native-firebase/messaging';\nexport const a = async () => { const s = await messaging().hasPermission(); return ↓s === 1 || ↓s === 2; };\n",
                "import messaging from '@react-native-firebase/messaging';\nexport const a = async () => { const s = await messaging().hasPermission(); return s === messaging.AuthorizationStatus.AUTHORIZED || s === messaging.AuthorizationStatus.PROVISIONAL; };\n"
            ),
        ],
        messages: [
            RuleMessage(
                "bareNumber", "`{code}` is compared with the bare number {number}",
                notes: ["{enumeration} numbers its states differently from the other libraries"],
                help: "use the enum member{member}"
            ),
            RuleMessage(
                "numberNotComparison", "`{number}` here is a number, not a comparison",
                notes: ["`{code}` is always {outcome}"],
                help: "compare the status again (`status === …`) or use `.includes`"
            ),
        ]
    )

    public static let nodeKinds: Set<NodeKind> = [.binaryExpression]
    public static let requiredText = ["expo-notifications", NotificationLibrary.firebaseMessaging.rawValue, NotificationLibrary.notifee.rawValue]

    public init() {}

    public func visit(_ node: Node, in context: RuleContext) {
        let model = context.semantic
        guard model.mayHavePermissionCode, let op = Syntax.operatorText(node),
              let left = node.child(byField: .left), let right = node.child(byField: .right) else { return }
        if ["===", "!==", "==", "!=", "<", "<=", ">", ">="].contains(op) {
            for (statusSide, numberSide) in [(left, right), (right, left)] {
                guard let enumeration = statusEnumeration(model.value(of: statusSide)),
                      let number = Self.integerLiteral(numberSide) else { continue }
                context.report(
                    node,
                    "bareNumber",
                    ["code": RuleContext.code(statusSide), "number": String(number), "enumeration": enumeration.description,
                     "member": enumeration.members[number].map { " (`\($0)`)" } ?? ""],
                    fix: fix(replacing: numberSide, value: number, enumeration: enumeration, model: model)
                )
                return
            }
        }
        // `status === 2 || 3`: the `3` is always true.
        if op == "||" || op == "&&", Self.integerLiteral(right) != nil,
           let comparison = Optional(Syntax.unwrap(left)), comparison.is(.binaryExpression),
           let comparisonLeft = comparison.child(byField: .left), let comparisonRight = comparison.child(byField: .right),
           statusEnumeration(model.value(of: comparisonLeft)) != nil || statusEnumeration(model.value(of: comparisonRight)) != nil {
            context.report(
                right,
                "numberNotComparison", ["number": right.text, "code": RuleContext.code(node), "outcome": op == "||" ? "true" : "decided by the number"]
            )
        }
    }

    struct Enumeration {
        let description: String
        let members: [Int: String]
        /// How to name the enum in this file, or nil when it is not reachable.
        let qualifier: (SemanticModel) -> String?
    }

    private func statusEnumeration(_ value: SymbolicValue) -> Enumeration? {
        switch value {
        case .iosStatus:
            return Enumeration(
                description: "expo-notifications' IosAuthorizationStatus",
                members: [0: "NOT_DETERMINED", 1: "DENIED", 2: "AUTHORIZED", 3: "PROVISIONAL", 4: "EPHEMERAL"]
            ) { model in
                if let name = model.moduleLevelName(where: { $0 == .expoExport("IosAuthorizationStatus") }) { return name }
                return model.moduleLevelName(where: { $0 == .expoModule }).map { "\($0).IosAuthorizationStatus" }
            }
        case let .authorizationStatus(library, _):
            return Enumeration(
                description: library == .firebaseMessaging ? "Firebase's AuthorizationStatus" : "Notifee's AuthorizationStatus",
                members: SemanticModel.authorizationMembers(library)
            ) { model in
                if let name = model.moduleLevelName(where: { $0 == .libraryValue(library, .export("AuthorizationStatus")) }) { return name }
                guard library == .firebaseMessaging else { return nil }
                return model.moduleLevelName(where: { $0 == .libraryValue(library, .module) }).map { "\($0).AuthorizationStatus" }
            }
        default:
            return nil
        }
    }

    private func fix(replacing numberNode: Node, value: Int, enumeration: Enumeration, model: SemanticModel) -> Fix? {
        guard let member = enumeration.members[value], let qualifier = enumeration.qualifier(model) else { return nil }
        let replacement = "\(qualifier).\(member)"
        return Fix(
            title: "Replace \(value) with `\(replacement)`", applicability: .safe,
            edits: [TextEdit(range: Syntax.unwrap(numberNode).byteRange, replacement: replacement)]
        )
    }

    /// An integer literal, negative ones included.
    static func integerLiteral(_ node: Node) -> Int? {
        let unwrapped = Syntax.unwrap(node)
        if let number = Syntax.numberValue(unwrapped) { return number }
        if unwrapped.is(.unaryExpression), Syntax.operatorText(unwrapped) == "-",
           let argument = unwrapped.child(byField: .argument), let number = Syntax.numberValue(argument) {
            return -number
        }
        return nil
    }
}
