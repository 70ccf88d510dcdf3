// EXPECT: PBC on perms?.granted in condition
import * as Notifications from 'expo-notifications';

export async function maybeSchedule() {
  const perms = await Notifications.getPermissionsAsync().catch(() => null);
  if (!perms?.granted) return; // expect: provisional-blind-check
  await Notifications.scheduleNotificationAsync({ content: { title: 'hi' }, trigger: null });
}
