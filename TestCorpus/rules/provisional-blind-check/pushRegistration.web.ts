import * as Notifications from 'expo-notifications';

// Web build of the registration module (*.web.ts): browser push has no provisional state.
export async function canRegisterForPush(): Promise<boolean> {
  const { status } = await Notifications.getPermissionsAsync();
  if (status === 'granted') return true;
  if (status === 'denied') return false;
  const result = await Notifications.requestPermissionsAsync();
  return result.granted;
}
