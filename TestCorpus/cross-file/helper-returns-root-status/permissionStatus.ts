import * as Notifications from 'expo-notifications';

export async function getStatus() {
  const { status } = await Notifications.getPermissionsAsync();
  return status;
}
