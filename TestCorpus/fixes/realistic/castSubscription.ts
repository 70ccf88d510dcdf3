// Exercises removed-notification-api on an argument that is a cast, `removeNotificationSubscription(sub as Notifications.Subscription)`.
import * as Notifications from 'expo-notifications';

// Listeners are kept by screen name; the registry is untyped because other modules add to it too.
const listeners = new Map<string, unknown>();

export function startListening(screen: string, onReceive: (title: string | null) => void): void {
  const sub = Notifications.addNotificationReceivedListener((notification) => {
    onReceive(notification.request.content.title);
  });
  listeners.set(screen, sub);
}

export function stopListening(screen: string): void {
  const sub = listeners.get(screen);
  if (!sub) return;
  Notifications.removeNotificationSubscription(sub as Notifications.Subscription); // expect: removed-notification-api
  listeners.delete(screen);
}

export function stopAll(): void {
  listeners.forEach((sub) => {
    Notifications.removeNotificationSubscription((sub as Notifications.Subscription)); // expect: removed-notification-api
  });
  listeners.clear();
}
