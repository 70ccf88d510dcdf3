import * as Notifications from 'expo-notifications';

export type PermissionState = { status: 'granted' | 'denied'; canAskAgain: boolean };

// The root status becomes a word kept in the returned object; registerPush.ts decides on it, and
// this exported function's callers cannot all be seen: the mapping is the blind decision.
export async function readPermission(): Promise<PermissionState> {
  const response = await Notifications.getPermissionsAsync();
  return { status: response.status === 'granted' ? 'granted' : 'denied', canAskAgain: response.canAskAgain }; // expect: provisional-blind-check
}
