import * as Notifications from 'expo-notifications';

export type NotificationState = 'enabled' | 'disabled';

// The root status becomes a word here; pushRegistration.ts decides on the word, so this
// comparison is the blind decision.
export async function notificationState(): Promise<NotificationState> {
  const { status } = await Notifications.getPermissionsAsync();
  return status === 'granted' ? 'enabled' : 'disabled'; // expect: provisional-blind-check
}
