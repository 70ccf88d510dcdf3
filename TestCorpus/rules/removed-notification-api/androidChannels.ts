import * as Notifications from 'expo-notifications';
import { AndroidImportance, AndroidNotificationVisibility } from 'expo-notifications';
import { Platform } from 'react-native';

export const SILENT_IMPORTANCE = AndroidImportance.LOW;

export async function createChannels(): Promise<void> {
  if (Platform.OS !== 'android') return;

  await Notifications.setNotificationChannelAsync('default', {
    name: 'General',
    importance: Notifications.AndroidImportance.DEEFAULT, // expect: removed-notification-api
  });

  await Notifications.setNotificationChannelAsync('messages', {
    name: 'Messages',
    importance: Notifications.AndroidImportance.HIGH,
    sound: 'message.wav',
    lockscreenVisibility: AndroidNotificationVisibility.PRIVATE,
  });

  await Notifications.setNotificationChannelAsync('offers', {
    name: 'Offers and news',
    importance: AndroidImportance.DEEFAULT, // expect: removed-notification-api
    showBadge: false,
  });

  await Notifications.setNotificationChannelAsync('sync', {
    name: 'Background sync',
    importance: SILENT_IMPORTANCE,
  });
}
