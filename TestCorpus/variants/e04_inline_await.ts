// EXPECT: PBC on inline await compare; ternary
import * as Notifications from 'expo-notifications';

export async function label() {
  const isGranted = (await Notifications.getPermissionsAsync()).status === 'granted'; // expect: provisional-blind-check
  const { status } = await Notifications.getPermissionsAsync();
  return status === 'granted' ? 'on' : 'off'; // expect: provisional-blind-check
}
