// EXPECT: PBC (logical with other conditions)
import * as Notifications from 'expo-notifications';
import * as Device from 'expo-device';

export async function register(userId?: string) {
  const perm = await Notifications.getPermissionsAsync();
  if (!Device.isDevice || !userId || !perm.granted) return null; // expect: provisional-blind-check
  return Notifications.getExpoPushTokenAsync({ projectId: 'p' });
}
