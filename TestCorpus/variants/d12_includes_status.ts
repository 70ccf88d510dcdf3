// EXPECT: PBC on ['granted'].includes(status)
import * as Notifications from 'expo-notifications';

export async function check() {
  const { status } = await Notifications.getPermissionsAsync();
  return ['granted', 'limited'].includes(status); // expect: provisional-blind-check
}
