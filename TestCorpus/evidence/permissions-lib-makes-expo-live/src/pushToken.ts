import * as Notifications from 'expo-notifications';

export async function pushTokenIfAllowed(projectId: string): Promise<string | null> {
  const { status } = await Notifications.getPermissionsAsync();
  if (status !== 'granted') return null; // expect: provisional-blind-check=error
  const token = await Notifications.getExpoPushTokenAsync({ projectId });
  return token.data;
}
