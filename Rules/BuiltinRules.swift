import GrantedLinter

/// Every built-in rule, in the order `--list-rules` shows them.
public enum BuiltinRules {
    public static let all: [any Rule.Type] = [
        ProvisionalBlindCheck.self,
        MissingAllowProvisional.self,
        BadgeInProvisionalRequest.self,
        DeprecatedShouldShowAlert.self,
        NumericAuthorizationStatus.self,
        RequestWhenDenied.self,
        UnguardedProvisionalRequest.self,
        PushTokenWithoutProjectId.self,
        RemovedNotificationAPI.self,
        InvalidNotificationTrigger.self,
        ChannelAfterPermissionRequest.self,
        ProvisionalBlindAnalytics.self,
    ]

    /// The rules with their project-level checks, as every front end runs them.
    public static let catalog = RuleCatalog(rules: all, projectChecks: [
        ProjectCheck(answeredBy: ["setNotificationChannelAsync"]) { ChannelAfterPermissionRequest.addMissingChannelNote(to: &$0) },
    ])

    public static func rule(id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }
}
