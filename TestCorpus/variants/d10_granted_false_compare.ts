// EXPECT: PBC on granted === false and granted !== true
import * as Notifications from 'expo-notifications';

export async function check() {
  const p = await Notifications.getPermissionsAsync();
  if (p.granted === false) return 'off'; // expect: provisional-blind-check
  if (p.granted !== true) return 'off'; // expect: provisional-blind-check
  return 'on';
}
