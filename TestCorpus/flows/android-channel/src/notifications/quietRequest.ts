import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

// iOS: quiet (provisional) delivery, no prompt. Android has no such mode.
const REQUEST_OPTIONS = Platform.select<Notifications.NotificationPermissionsRequest>({
  ios: { ios: { allowAlert: true, allowSound: true, allowProvisional: true } },
  default: {},
});

export async function askForQuietNotifications(): Promise<string> {
  if (Platform.OS === 'android') {
    await Notifications.setNotificationChannelAsync('updates', {
      name: 'Delivery updates',
      importance: Notifications.AndroidImportance.DEFAULT,
    });
  }
  const { status, ios } = await Notifications.requestPermissionsAsync(REQUEST_OPTIONS);
  return ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL ? 'quiet' : status;
}
