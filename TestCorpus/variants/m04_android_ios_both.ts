// EXPECT: PBC on the line after the if(android) block (iOS reachable)
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

export async function check() {
  const { status } = await Notifications.getPermissionsAsync();
  if (Platform.OS === 'android') {
    await Notifications.setNotificationChannelAsync('default', { name: 'default', importance: 4 });
  }
  return status === 'granted'; // expect: provisional-blind-check
}
