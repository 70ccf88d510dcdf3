// Repair fixture (shapes 1 and 6): the snippet with named imports that do not name
// IosAuthorizationStatus yet, loose `!=` and `PermissionStatus.GRANTED`.
import {
  getExpoPushTokenAsync,
  getPermissionsAsync,
  PermissionStatus,
  requestPermissionsAsync,
  IosAuthorizationStatus,
} from 'expo-notifications';

export async function registerDevice(projectId: string): Promise<string | null> {
  const { status: existingStatus, granted: existingGranted, ios: existingIos } = await getPermissionsAsync();
  let finalStatus = existingStatus;
  let finalDeliverable = existingGranted || existingIos?.status === IosAuthorizationStatus.PROVISIONAL || existingIos?.status === IosAuthorizationStatus.EPHEMERAL;
  if (!finalDeliverable) { // expect: provisional-blind-check
    const { status, granted, ios } = await requestPermissionsAsync({ // expect: missing-allow-provisional, request-when-denied
      ios: { allowAlert: true, allowBadge: true, allowSound: true },
    });
    finalStatus = status;
    finalDeliverable = granted || ios?.status === IosAuthorizationStatus.PROVISIONAL || ios?.status === IosAuthorizationStatus.EPHEMERAL;
  }
  if (!finalDeliverable) return null; // expect: provisional-blind-check
  const { data } = await getExpoPushTokenAsync({ projectId });
  return data;
}
