import * as Notifications from 'expo-notifications';

export type PermissionState = { status: Notifications.PermissionStatus; canAskAgain: boolean };

// A second read of the permissions, kept in the object it returns.
export async function readPermissionState(): Promise<PermissionState> {
  const { status, canAskAgain } = await Notifications.getPermissionsAsync();
  return { status, canAskAgain };
}
