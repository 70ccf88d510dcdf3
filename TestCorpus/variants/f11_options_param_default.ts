// EXPECT (spec): options is a parameter -> not reported. But a default param literal is visible.
import * as Notifications from 'expo-notifications';

export function ask(opts: Notifications.NotificationPermissionsRequest = {}) {
  return Notifications.requestPermissionsAsync(opts);
}
