// Minimal ambient types for 'expo-notifications' (SDK 52–55), only what the fix fixtures use.
// Written from /work/shared/docs/FACTS.md; deprecated and removed functions stay declared so the
// unfixed files type-check too.
declare module 'expo-notifications' {
  /** What every add*Listener returns; `remove()` is the way to unsubscribe since SDK 53. */
  export interface EventSubscription {
    remove(): void;
  }

  /** The older name of the same handle. */
  export interface Subscription {
    remove(): void;
  }

  export interface NotificationContent {
    title: string | null;
    subtitle: string | null;
    body: string | null;
    data: Record<string, unknown>;
    sound?: boolean | string | null;
    badge?: number | null;
  }

  export interface NotificationRequest {
    identifier: string;
    content: NotificationContent;
    trigger: unknown;
  }

  export interface Notification {
    date: number;
    request: NotificationRequest;
  }

  export interface NotificationResponse {
    notification: Notification;
    actionIdentifier: string;
    userText?: string;
  }

  export enum AndroidNotificationPriority {
    MIN = 'min',
    LOW = 'low',
    DEFAULT = 'default',
    HIGH = 'high',
    MAX = 'max',
  }

  /** What a handler resolves to for a notification received in the foreground. */
  export interface NotificationBehavior {
    /** @deprecated since SDK 53: use `shouldShowBanner` and / or `shouldShowList`. */
    shouldShowAlert?: boolean;
    // Optional here (required in the real SDK 53+ types) so that files still using only the
    // deprecated field type-check before they are fixed.
    shouldShowBanner?: boolean;
    shouldShowList?: boolean;
    shouldPlaySound: boolean;
    shouldSetBadge: boolean;
    priority?: AndroidNotificationPriority;
  }

  export interface NotificationHandler {
    handleNotification: (notification: Notification) => Promise<NotificationBehavior>;
    handleSuccess?: (notificationId: string) => void;
    handleError?: (notificationId: string, error: Error) => void;
  }

  export function setNotificationHandler(handler: NotificationHandler | null): void;

  export function addNotificationReceivedListener(
    listener: (notification: Notification) => void,
  ): Subscription;
  export function addNotificationResponseReceivedListener(
    listener: (response: NotificationResponse) => void,
  ): Subscription;

  export interface DevicePushToken {
    type: 'ios' | 'android' | 'web';
    data: string;
  }
  export function addPushTokenListener(listener: (token: DevicePushToken) => void): Subscription;

  /** @deprecated since SDK 53, removed in SDK 54: call `subscription.remove()`. */
  export function removeNotificationSubscription(subscription: Subscription): void;
  /** @deprecated since SDK 53, removed in SDK 54: call `subscription.remove()`. */
  export function removePushTokenSubscription(subscription: Subscription): void;

  export enum PermissionStatus {
    GRANTED = 'granted',
    UNDETERMINED = 'undetermined',
    DENIED = 'denied',
  }

  /** Apple's UNAuthorizationStatus raw values. */
  export enum IosAuthorizationStatus {
    NOT_DETERMINED = 0,
    DENIED = 1,
    AUTHORIZED = 2,
    PROVISIONAL = 3,
    EPHEMERAL = 4,
  }

  export interface NotificationPermissionsStatus {
    status: PermissionStatus;
    granted: boolean;
    canAskAgain: boolean;
    expires: 'never' | number;
    ios?: {
      status: IosAuthorizationStatus;
      allowsAlert?: boolean | null;
      allowsBadge?: boolean | null;
      allowsSound?: boolean | null;
    };
    android?: {
      importance: number;
    };
  }

  export interface NotificationPermissionsRequest {
    ios?: {
      allowAlert?: boolean;
      allowBadge?: boolean;
      allowSound?: boolean;
      allowProvisional?: boolean;
    };
    android?: {};
  }

  export function getPermissionsAsync(): Promise<NotificationPermissionsStatus>;
  export function requestPermissionsAsync(
    permissions?: NotificationPermissionsRequest,
  ): Promise<NotificationPermissionsStatus>;

  /** expo-modules-core's `createPermissionHook`: the response (null until read), request, get. */
  export function usePermissions(
    options?: NotificationPermissionsRequest,
  ): [
    NotificationPermissionsStatus | null,
    () => Promise<NotificationPermissionsStatus>,
    () => Promise<NotificationPermissionsStatus>,
  ];

  export interface ExpoPushToken {
    type: 'expo';
    data: string;
  }
  export function getExpoPushTokenAsync(options?: { projectId?: string }): Promise<ExpoPushToken>;

  export enum SchedulableTriggerInputTypes {
    DATE = 'date',
    TIME_INTERVAL = 'timeInterval',
  }

  export interface NotificationRequestInput {
    identifier?: string;
    content: {
      title?: string | null;
      body?: string | null;
      data?: Record<string, unknown>;
      sound?: boolean | string;
    };
    trigger:
      | null
      | { type: SchedulableTriggerInputTypes.TIME_INTERVAL; seconds: number; repeats?: boolean; channelId?: string }
      | { type: SchedulableTriggerInputTypes.DATE; date: Date | number; channelId?: string };
  }
  export function scheduleNotificationAsync(request: NotificationRequestInput): Promise<string>;

  export enum AndroidImportance {
    UNKNOWN = 0,
    UNSPECIFIED = 1,
    NONE = 2,
    MIN = 3,
    LOW = 4,
    DEFAULT = 5,
    /** @deprecated misspelling kept for compatibility: use `DEFAULT` (the same value). */
    DEEFAULT = 5,
    HIGH = 6,
    MAX = 7,
  }

  export interface NotificationChannelInput {
    name: string | null;
    importance: AndroidImportance;
    sound?: string | null;
    vibrationPattern?: number[] | null;
    lightColor?: string;
  }
  export function setNotificationChannelAsync(
    channelId: string,
    channel: NotificationChannelInput,
  ): Promise<unknown>;
}
