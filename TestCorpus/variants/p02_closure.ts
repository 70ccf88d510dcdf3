// EXPECT: PBC in closure using outer expo status
import * as Notifications from 'expo-notifications';

export async function makeChecker() {
  const { status } = await Notifications.getPermissionsAsync();
  return () => status === 'granted'; // expect: provisional-blind-check
}
