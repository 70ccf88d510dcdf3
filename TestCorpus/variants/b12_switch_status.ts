// EXPECT: nothing: the switch only maps each status to a label to show (display-only, not a decision)
import * as Notifications from 'expo-notifications';

export async function label() {
  const { status } = await Notifications.getPermissionsAsync();
  switch (status) {
    case 'granted':
      return 'On';
    case 'denied':
      return 'Off';
    default:
      return 'Ask';
  }
}
