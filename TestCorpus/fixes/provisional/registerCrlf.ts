// Repair fixture: the snippet in a file with CRLF line endings (the added lines end the same way).
import * as Notifications from 'expo-notifications';

export async function registerWithCrlf(projectId: string): Promise<string | undefined> {
  const { status: existingStatus } = await Notifications.getPermissionsAsync();
  let finalStatus = existingStatus;
  if (existingStatus !== 'granted') { // expect: provisional-blind-check
    const { status } = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
    finalStatus = status;
  }
  if (finalStatus !== 'granted') { // expect: provisional-blind-check
    return undefined;
  }
  return (await Notifications.getExpoPushTokenAsync({ projectId })).data;
}
