/// The eight device states a flow is evaluated on (docs/flows.md, "The eight device states"), and
/// what each notification library answers there. The numbers and words are those of
/// `../shared/docs/FACTS.md`: expo-notifications' root fields and `IosAuthorizationStatus`, Firebase's
/// and Notifee's `AuthorizationStatus`, react-native-permissions' results.
public enum DeviceState: String, CaseIterable, Sendable, Hashable {
    case iosNotDetermined = "ios-not-determined"
    case iosDenied = "ios-denied"
    case iosAuthorized = "ios-authorized"
    case iosProvisional = "ios-provisional"
    case iosEphemeral = "ios-ephemeral"
    case androidNotDetermined = "android-not-determined"
    case androidGranted = "android-granted"
    case androidDenied = "android-denied"

    public var key: String { rawValue }

    public var isIOS: Bool {
        switch self {
        case .iosNotDetermined, .iosDenied, .iosAuthorized, .iosProvisional, .iosEphemeral: return true
        default: return false
        }
    }

    /// A notification sent to the device is delivered (quietly, for provisional and ephemeral).
    public var isDeliverable: Bool {
        switch self {
        case .iosAuthorized, .iosProvisional, .iosEphemeral, .androidGranted: return true
        default: return false
        }
    }

    /// The device in words, for notes and tables.
    public var phrase: String {
        switch self {
        case .iosNotDetermined: return "an iPhone never asked"
        case .iosDenied: return "a denied iPhone"
        case .iosAuthorized: return "an authorized iPhone"
        case .iosProvisional: return "a provisionally authorized iPhone"
        case .iosEphemeral: return "an ephemerally authorized iPhone (App Clip)"
        case .androidNotDetermined: return "an Android 13+ device never asked"
        case .androidGranted: return "an Android device that allowed notifications"
        case .androidDenied: return "an Android device that declined notifications"
        }
    }

    /// A short label for table rows.
    public var label: String {
        switch self {
        case .iosNotDetermined: return "iOS, never asked"
        case .iosDenied: return "iOS, denied"
        case .iosAuthorized: return "iOS, authorized"
        case .iosProvisional: return "iOS, provisional"
        case .iosEphemeral: return "iOS, ephemeral"
        case .androidNotDetermined: return "Android 13+, never asked"
        case .androidGranted: return "Android 13+, granted"
        case .androidDenied: return "Android 13+, denied"
        }
    }

    /// Whether a request shows a dialog on this device: iOS asks a device that is not yet decided
    /// (never asked, provisional, ephemeral) unless the request is provisional, which is granted
    /// silently; Android 13+ asks a device never asked; a decided device gets its state back.
    public func requestShowsDialog(provisional: Bool) -> Bool {
        switch self {
        case .iosNotDetermined, .iosProvisional, .iosEphemeral: return !provisional
        case .androidNotDetermined: return true
        default: return false
        }
    }

    /// The state after a request: `allowed` is the dialog's answer when one showed.
    public func afterRequest(provisional: Bool, allowed: Bool?) -> DeviceState {
        if let allowed {
            if isIOS { return allowed ? .iosAuthorized : .iosDenied }
            return allowed ? .androidGranted : .androidDenied
        }
        if self == .iosNotDetermined && provisional { return .iosProvisional }
        return self
    }

    // MARK: What the libraries answer

    /// expo-notifications' root `status`: only `AUTHORIZED` maps to granted and only `DENIED` to
    /// denied; everything else, provisional and ephemeral included, is undetermined (FACTS.md,
    /// "The crux").
    public var expoStatus: String {
        switch self {
        case .iosAuthorized, .androidGranted: return "granted"
        case .iosDenied, .androidDenied: return "denied"
        default: return "undetermined"
        }
    }

    /// `IosAuthorizationStatus` (Apple's `UNAuthorizationStatus` raw values); nil on Android.
    public var iosAuthorizationStatus: Int? {
        switch self {
        case .iosNotDetermined: return 0
        case .iosDenied: return 1
        case .iosAuthorized: return 2
        case .iosProvisional: return 3
        case .iosEphemeral: return 4
        default: return nil
        }
    }

    /// Firebase messaging's `AuthorizationStatus`.
    public var firebaseStatus: Int {
        switch self {
        case .iosNotDetermined, .androidNotDetermined: return -1
        case .iosDenied, .androidDenied: return 0
        case .iosAuthorized, .androidGranted: return 1
        case .iosProvisional: return 2
        case .iosEphemeral: return 3
        }
    }

    /// Notifee's `AuthorizationStatus`, which has no ephemeral value: an ephemeral device reads as
    /// provisional.
    public var notifeeStatus: Int {
        self == .iosEphemeral ? 2 : firebaseStatus
    }

    /// react-native-permissions' result word.
    public var permissionsLibraryStatus: String {
        switch self {
        case .iosNotDetermined, .androidNotDetermined: return "denied"
        case .iosDenied, .androidDenied: return "blocked"
        case .iosAuthorized, .iosProvisional, .androidGranted: return "granted"
        case .iosEphemeral: return "limited"
        }
    }
}
