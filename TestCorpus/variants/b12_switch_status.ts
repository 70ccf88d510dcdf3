// EXPECT: PBC on case 'granted'
import * as Notifications from 'expo-notifications';

export async function label() {
  const { status } = await Notifications.getPermissionsAsync();
  switch (status) {
    case 'granted': // expect: provisional-blind-check
      return 'On';
    case 'denied':
      return 'Off';
    default:
      return 'Ask';
  }
}
