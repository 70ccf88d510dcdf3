// EXPECT: nothing (provisional-aware upgrade)
import * as Notifications from 'expo-notifications';

export async function upgradeToFull() {
  const { ios } = await Notifications.getPermissionsAsync();
  if (ios?.status !== Notifications.IosAuthorizationStatus.PROVISIONAL) return;
  await Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowBadge: true, allowSound: true } }); // expect: request-when-denied
}
