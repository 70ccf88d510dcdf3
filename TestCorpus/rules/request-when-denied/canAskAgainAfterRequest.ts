// expect-project-note: channel-after-permission-request
import * as Notifications from 'expo-notifications';

export type PermissionSnapshot = { granted: boolean; canAskAgain: boolean };

// The return type names `canAskAgain` and the answer keeps it, read again after the request:
// nothing before the request keeps a declined device away from it.
export async function enableReminders(): Promise<{ allowsAlert: boolean; canAskAgain: boolean }> {
  const current = await Notifications.getPermissionsAsync();
  if (!current.ios?.allowsAlert) {
    await Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowSound: true } }); // expect: missing-allow-provisional, request-when-denied
  }
  const { ios, canAskAgain } = await Notifications.getPermissionsAsync();
  return { allowsAlert: ios?.allowsAlert === true, canAskAgain };
}

// `canAskAgain` is bound before the request but only tested after it.
export async function enableSounds(): Promise<boolean> {
  const { ios, canAskAgain } = await Notifications.getPermissionsAsync();
  if (ios?.allowsSound) return true;
  const answer = await Notifications.requestPermissionsAsync({ ios: { allowSound: true } }); // expect: missing-allow-provisional, request-when-denied
  if (!canAskAgain) console.info('[notifications] blocked in Settings');
  return answer.ios?.allowsSound === true;
}

// The request's own answer is destructured: its `canAskAgain` comes after the dialog.
export async function enableBadges(): Promise<PermissionSnapshot> {
  const before = await Notifications.getPermissionsAsync();
  if (before.ios?.allowsBadge) return { granted: true, canAskAgain: true };
  const { ios, canAskAgain } = await Notifications.requestPermissionsAsync({ ios: { allowBadge: true } }); // expect: missing-allow-provisional, request-when-denied
  return { granted: ios?.allowsBadge === true, canAskAgain };
}

// Tested before the request, under another name: a declined device never reaches it.
export async function enableAlerts(): Promise<PermissionSnapshot> {
  const { ios, canAskAgain: canAsk } = await Notifications.getPermissionsAsync();
  if (ios?.allowsAlert) return { granted: true, canAskAgain: canAsk };
  if (!canAsk) return { granted: false, canAskAgain: false };
  await Notifications.requestPermissionsAsync({ ios: { allowAlert: true } }); // expect: missing-allow-provisional
  const after = await Notifications.getPermissionsAsync();
  return { granted: after.ios?.allowsAlert === true, canAskAgain: after.canAskAgain };
}

// Tested before the request on the response itself.
export async function enableCriticalAlerts(): Promise<boolean> {
  const settings = await Notifications.getPermissionsAsync();
  if (settings.ios?.allowsCriticalAlerts || !settings.canAskAgain) return false;
  const answer = await Notifications.requestPermissionsAsync({ ios: { allowCriticalAlerts: true } }); // expect: missing-allow-provisional
  return answer.ios?.allowsCriticalAlerts === true;
}
