// Minimal ambient types for '@notifee/react-native', only what the fix fixtures use.
// Notifee has no EPHEMERAL; PROVISIONAL is 2.
declare module '@notifee/react-native' {
  export enum AuthorizationStatus {
    NOT_DETERMINED = -1,
    DENIED = 0,
    AUTHORIZED = 1,
    PROVISIONAL = 2,
  }

  export interface NotificationSettings {
    authorizationStatus: AuthorizationStatus;
  }

  export interface IOSNotificationPermissions {
    alert?: boolean;
    badge?: boolean;
    sound?: boolean;
    provisional?: boolean;
  }

  export interface Notification {
    id?: string;
    title?: string;
    body?: string;
    data?: Record<string, string>;
  }

  interface Module {
    requestPermission(permissions?: IOSNotificationPermissions): Promise<NotificationSettings>;
    getNotificationSettings(): Promise<NotificationSettings>;
    displayNotification(notification: Notification): Promise<string>;
  }

  const notifee: Module;
  export default notifee;
}
