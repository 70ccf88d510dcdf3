import * as Notifications from 'expo-notifications';

export async function pushStatusLabel(): Promise<string> {
  const { status } = await Notifications.getPermissionsAsync();
  if (status !== 'granted') { // expect: provisional-blind-check=error
    return 'Notifications are off';
  }
  return 'Notifications are on';
}
