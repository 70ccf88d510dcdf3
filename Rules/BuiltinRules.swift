import GrantedEngine

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
    ]

    public static func rule(id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }
}
