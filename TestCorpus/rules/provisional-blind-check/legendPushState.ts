import { observable } from '@legendapp/state';
import * as Notifications from 'expo-notifications';

// One module holding the observable, its writer and a reader.
export const push$ = observable({
  permission: null as Notifications.PermissionStatus | null,
  token: null as string | null,
});

export async function refreshPermission(): Promise<void> {
  const { status } = await Notifications.getPermissionsAsync();
  push$.permission.set(status);
}

export async function registerToken(projectId: string): Promise<void> {
  await refreshPermission();
  if (push$.permission.get() !== 'granted') return; // expect: provisional-blind-check
  const token = await Notifications.getExpoPushTokenAsync({ projectId });
  push$.token.set(token.data);
}

// A computed observable built on the comparison.
export const pushReady$ = observable(() => push$.permission.get() === 'granted' && push$.token.get() !== null); // expect: provisional-blind-check
