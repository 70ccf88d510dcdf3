// expect-project-note: channel-after-permission-request
import * as Notifications from 'expo-notifications';
import { IosAuthorizationStatus } from 'expo-notifications';

type Listener = (settings: Notifications.NotificationPermissionsStatus) => void;

const FULL_IOS_REQUEST = { allowAlert: true, allowSound: true, allowProvisional: false };

export class NotificationPermissionService {
  private listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private publish(settings: Notifications.NotificationPermissionsStatus): void {
    this.listeners.forEach((listener) => listener(settings));
  }

  // Asks only while iOS / Android will still show the system dialog.
  async requestIfPossible(): Promise<void> {
    const { status, canAskAgain } = await Notifications.getPermissionsAsync();
    if (status !== 'granted' && canAskAgain) { // expect: provisional-blind-check
      const result = await Notifications.requestPermissionsAsync({ ios: FULL_IOS_REQUEST });
      this.publish(result);
    }
  }

  // Looks at canAskAgain only in the answer, after the pointless request was already made.
  async requestAndExplain(): Promise<boolean> {
    const before = await Notifications.getPermissionsAsync();
    if (before.ios?.allowsAlert) return true;
    const after = await Notifications.requestPermissionsAsync({ // expect: request-when-denied
      ios: { allowAlert: true, allowSound: true, allowProvisional: false },
    });
    this.publish(after);
    if (!after.canAskAgain) {
      console.info('[notifications] blocked in system settings');
    }
    return after.ios?.allowsAlert === true;
  }

  async requestUnlessIosDenied(): Promise<void> {
    const settings = await Notifications.getPermissionsAsync();
    if (settings.ios?.status === IosAuthorizationStatus.DENIED) return;
    const result = await Notifications.requestPermissionsAsync({
      ios: { allowAlert: true, allowSound: true, allowProvisional: false },
    });
    this.publish(result);
  }

  // The same check with the raw UNAuthorizationStatus value (1 = denied).
  async requestUnlessIosDeniedLegacy(): Promise<void> {
    const settings = await Notifications.getPermissionsAsync();
    if (settings.ios?.status === 1) return; // expect: numeric-authorization-status
    const result = await Notifications.requestPermissionsAsync({
      ios: { allowAlert: true, allowSound: true, allowProvisional: false },
    });
    this.publish(result);
  }
}

export const notificationPermissions = new NotificationPermissionService();
