import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

// The channel call is started but not awaited, so the request can run before the channel exists.
export async function bootstrapNotifications(): Promise<boolean> {
  if (Platform.OS === 'android') {
    Notifications.setNotificationChannelAsync('orders', { // expect: channel-after-permission-request
      name: 'Order updates',
      importance: Notifications.AndroidImportance.HIGH,
    });
  }
  const result = await Notifications.requestPermissionsAsync({
    ios: { allowAlert: true, allowSound: true, allowProvisional: false },
  });
  return result.status !== 'denied';
}

export async function bootstrapChat(): Promise<string> {
  void Notifications.setNotificationChannelAsync('chat', { // expect: channel-after-permission-request
    name: 'Chat',
    importance: Notifications.AndroidImportance.HIGH,
  });
  const { data } = await Notifications.getDevicePushTokenAsync();
  return String(data);
}

// The request only starts once the channel promise has resolved.
export function createChannelThenAsk(): Promise<Notifications.NotificationPermissionsStatus> {
  return Notifications.setNotificationChannelAsync('reminders', {
    name: 'Reminders',
    importance: Notifications.AndroidImportance.DEFAULT,
  }).then(() =>
    Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
      ios: { allowAlert: true, allowSound: true, allowProvisional: true },
    }),
  );
}

// Fire-and-forget, but nothing asks for permission or a token afterwards.
export function createMarketingChannel(): void {
  Notifications.setNotificationChannelAsync('marketing', {
    name: 'Offers',
    importance: Notifications.AndroidImportance.LOW,
  });
}

// Reading the current permission before the channel is harmless; only the request needs it.
export async function enableAfterReading(): Promise<boolean> {
  const current = await Notifications.getPermissionsAsync();
  if (!current.canAskAgain) return false;
  await Notifications.setNotificationChannelAsync('orders', {
    name: 'Order updates',
    importance: Notifications.AndroidImportance.HIGH,
  });
  const result = await Notifications.requestPermissionsAsync({
    ios: { allowAlert: true, allowSound: true, allowProvisional: false },
  });
  return result.status !== 'denied';
}
