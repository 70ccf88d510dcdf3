import * as Notifications from 'expo-notifications';

export async function registerForPushNotificationsAsync(projectId: string): Promise<string | undefined> {
  const { status: existingStatus, canAskAgain } = await Notifications.getPermissionsAsync();
  let finalStatus = existingStatus;
  if (existingStatus !== 'granted' && canAskAgain) { // expect: provisional-blind-check=warning
    const { status } = await Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowSound: true } }); // expect: missing-allow-provisional=warning
    finalStatus = status;
  }
  if (finalStatus !== 'granted') return undefined; // expect: provisional-blind-check=warning
  const { data } = await Notifications.getExpoPushTokenAsync({ projectId });
  return data;
}
