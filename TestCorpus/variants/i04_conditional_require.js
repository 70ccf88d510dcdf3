// EXPECT: PBC with conditional require
import { Platform } from 'react-native';
const Notifications = Platform.OS !== 'web' ? require('expo-notifications') : null;

export async function isEnabled() {
  if (!Notifications) return false;
  const { status } = await Notifications.getPermissionsAsync();
  return status === 'granted'; // expect: provisional-blind-check
}
