// The handler and the listeners, set up once the module has loaded.
import { loadNotificationsAsync } from '../lib/notifications';

type Subscription = { remove(): void };

let received: Subscription | null = null;

export async function startForegroundNotifications(onReceive: () => void): Promise<void> {
  const Notifications = await loadNotificationsAsync();
  Notifications.setNotificationHandler({
    handleNotification: async () => ({
      shouldShowAlert: true, // expect: deprecated-should-show-alert
      shouldPlaySound: false,
      shouldSetBadge: false,
    }),
  });
  received = Notifications.addNotificationReceivedListener(onReceive);
}

export async function stopForegroundNotifications(): Promise<void> {
  const Notifications = await loadNotificationsAsync();
  if (received) Notifications.removeNotificationSubscription(received); // expect: removed-notification-api
  received = null;
}
