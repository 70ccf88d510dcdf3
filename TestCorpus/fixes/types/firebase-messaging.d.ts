// Minimal ambient types for '@react-native-firebase/messaging', only what the fix fixtures use.
// Firebase numbers its statuses from -1: PROVISIONAL is 2 here, not 3 as in expo-notifications.
declare module '@react-native-firebase/messaging' {
  export namespace FirebaseMessagingTypes {
    enum AuthorizationStatus {
      NOT_DETERMINED = -1,
      DENIED = 0,
      AUTHORIZED = 1,
      PROVISIONAL = 2,
      EPHEMERAL = 3,
    }

    interface IOSPermissions {
      alert?: boolean;
      badge?: boolean;
      sound?: boolean;
      provisional?: boolean;
    }

    interface Module {
      requestPermission(permissions?: IOSPermissions): Promise<AuthorizationStatus>;
      hasPermission(): Promise<AuthorizationStatus>;
      getToken(): Promise<string>;
    }
  }

  /** `messaging()` returns the module; the status enum hangs off the function itself. */
  const messaging: {
    (): FirebaseMessagingTypes.Module;
    AuthorizationStatus: typeof FirebaseMessagingTypes.AuthorizationStatus;
  };
  export default messaging;
}
