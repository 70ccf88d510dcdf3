import * as Notifications from 'expo-notifications';

import { loadCachedPermission, saveCachedPermission } from './permissionCache';

// Straight-line code: the last assignment before a use is what the use reads.
export async function cachedPermissionGate(): Promise<boolean> {
  let status = (await Notifications.getPermissionsAsync()).status;
  if (status !== 'granted') { // expect: provisional-blind-check
    await saveCachedPermission(status);
  }
  status = await loadCachedPermission();
  // The cache's own format: not a root status any more.
  return status === 'granted';
}

// A placeholder first, the real status after it: the test reads the status.
export async function refreshBadgeSetting(): Promise<'on' | 'off'> {
  let status: Notifications.PermissionStatus | 'unknown' = 'unknown';
  status = (await Notifications.getPermissionsAsync()).status;
  return status === 'granted' ? 'on' : 'off'; // expect: provisional-blind-check
}

// A callback may write the variable at any time, so what the test reads is not known.
export async function watchPermission(onChange: (enabled: boolean) => void): Promise<void> {
  let { status } = await Notifications.getPermissionsAsync();
  const refresh = async () => {
    status = await loadCachedPermission();
  };
  await refresh();
  onChange(status === 'granted');
}

// A use inside a closure sees every write outside it; both are root statuses here.
export async function permissionProbe(): Promise<() => boolean> {
  let { status } = await Notifications.getPermissionsAsync();
  const isEnabled = () => status === 'granted'; // expect: provisional-blind-check
  const asked = await Notifications.requestPermissionsAsync({ ios: { allowProvisional: true, allowAlert: true } }); // expect: request-when-denied, unguarded-provisional-request
  status = asked.status;
  return isEnabled;
}
