// Reporting fixture: pinned by the golden-file tests of every output format.
import * as Notifications from 'expo-notifications';

export async function register(): Promise<string | null> {
  const { status: existingStatus } = await Notifications.getPermissionsAsync();
  let finalStatus = existingStatus;
  if (existingStatus !== 'granted') { // expect: provisional-blind-check
    const { status } = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
    finalStatus = status;
  }
  if (finalStatus !== 'granted') return null; // expect: provisional-blind-check
  return (await Notifications.getExpoPushTokenAsync({ projectId: 'example' })).data;
}
