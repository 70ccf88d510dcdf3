import * as Notifications from 'expo-notifications';

export async function canSendReminders(): Promise<boolean> {
  const { status } = await Notifications.getPermissionsAsync();
  return status === Notifications.PermissionStatus.GRANTED; // expect: provisional-blind-check=error
}
