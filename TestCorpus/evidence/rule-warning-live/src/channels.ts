import { Platform } from 'react-native';
import * as Notifications from 'expo-notifications';

// Android 13+ shows the permission prompt only once a channel exists: created at launch.
export async function createDefaultChannel(): Promise<void> {
  if (Platform.OS !== 'android') return;
  await Notifications.setNotificationChannelAsync('default', {
    name: 'Default',
    importance: Notifications.AndroidImportance.DEFAULT,
  });
}
