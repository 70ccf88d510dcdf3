// Repair fixture (shapes 1 and 6): the snippet with named imports that do not name
// IosAuthorizationStatus yet, loose `!=` and `PermissionStatus.GRANTED`.
import {
  getExpoPushTokenAsync,
  getPermissionsAsync,
  PermissionStatus,
  requestPermissionsAsync,
} from 'expo-notifications';

export async function registerDevice(projectId: string): Promise<string | null> {
  const { status: existingStatus } = await getPermissionsAsync();
  let finalStatus = existingStatus;
  if (existingStatus != PermissionStatus.GRANTED) { // expect: provisional-blind-check
    const { status } = await requestPermissionsAsync({ // expect: missing-allow-provisional, request-when-denied
      ios: { allowAlert: true, allowBadge: true, allowSound: true },
    });
    finalStatus = status;
  }
  if (finalStatus != 'granted') return null; // expect: provisional-blind-check
  const { data } = await getExpoPushTokenAsync({ projectId });
  return data;
}
