// expect-project-note: channel-after-permission-request
import * as Notifications from 'expo-notifications';

import { readPermissionState } from '../notifications/permissionState';

// `canAskAgain` comes from readPermissionState() after the request: a declined device still
// reaches the request, which answers at once.
export async function enableFromSettings(): Promise<boolean> {
  const current = await Notifications.getPermissionsAsync();
  if (current.ios?.allowsAlert) return true;
  await Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowSound: true } }); // expect: missing-allow-provisional, request-when-denied
  const after = await readPermissionState();
  return after.canAskAgain;
}

// The same field read before the request keeps declined devices away from it.
export async function enableUnlessBlocked(): Promise<boolean> {
  const current = await Notifications.getPermissionsAsync();
  if (current.ios?.allowsAlert) return true;
  const state = await readPermissionState();
  if (!state.canAskAgain) return false;
  const answer = await Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowSound: true } }); // expect: missing-allow-provisional
  return answer.ios?.allowsAlert === true;
}
