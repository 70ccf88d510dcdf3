import * as Notifications from 'expo-notifications';

export async function shouldShowEnableButton(): Promise<boolean> {
  const permission = await Notifications.getPermissionsAsync();
  return !permission.granted; // expect: provisional-blind-check=error
}
