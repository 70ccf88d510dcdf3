// Repair fixture: the snippet in a file with CRLF line endings (the added lines end the same way).
import * as Notifications from 'expo-notifications';

export async function registerWithCrlf(projectId: string): Promise<string | undefined> {
  const { status: existingStatus, granted: existingGranted, ios: existingIos } = await Notifications.getPermissionsAsync();
  let finalStatus = existingStatus;
  let finalDeliverable = existingGranted || existingIos?.status === Notifications.IosAuthorizationStatus.PROVISIONAL || existingIos?.status === Notifications.IosAuthorizationStatus.EPHEMERAL;
  if (!finalDeliverable) { // expect: provisional-blind-check
    const { status, granted, ios } = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
    finalStatus = status;
    finalDeliverable = granted || ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL || ios?.status === Notifications.IosAuthorizationStatus.EPHEMERAL;
  }
  if (!finalDeliverable) { // expect: provisional-blind-check
    return undefined;
  }
  return (await Notifications.getExpoPushTokenAsync({ projectId })).data;
}
