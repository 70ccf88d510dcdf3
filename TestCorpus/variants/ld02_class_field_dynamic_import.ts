// EXPECT: PBC, removed-notification-api and deprecated-should-show-alert through a class that loads the module on
// first use into a field (`??=` with a dynamic import), declared with its type only.
import { Platform } from 'react-native';

type Subscription = { remove(): void };

export class PushNotificationService {
  private notifications?: typeof import('expo-notifications');
  private responseListener: Subscription | null = null;

  private async module() {
    this.notifications ??= await import('expo-notifications');
    return this.notifications;
  }

  async start(onOpen: (data: unknown) => void): Promise<void> {
    const Notifications = await this.module();
    Notifications.setNotificationHandler({
      handleNotification: async () => ({
        shouldShowAlert: Platform.OS === 'ios', // expect: deprecated-should-show-alert
        shouldPlaySound: false,
        shouldSetBadge: false,
      }),
    });
    this.responseListener = Notifications.addNotificationResponseReceivedListener((response) => {
      onOpen(response.notification.request.content.data);
    });
  }

  async hasPermission(): Promise<boolean> {
    await this.module();
    const settings = await this.notifications!.getPermissionsAsync();
    return settings.granted; // expect: provisional-blind-check
  }

  async stop(): Promise<void> {
    const Notifications = await this.module();
    if (this.responseListener) {
      Notifications.removeNotificationSubscription(this.responseListener); // expect: removed-notification-api
      this.responseListener = null;
    }
  }
}
