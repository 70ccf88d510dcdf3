import * as Notifications from 'expo-notifications';

// The destructured `granted` is a fresh read; the value assigned to it in the branch is the
// branch's own read (reported there), so the last test, which may see either, is not reported
// again.
export async function ensureNotifications(): Promise<boolean> {
  let { granted } = await Notifications.getPermissionsAsync();
  if (!granted) { // expect: provisional-blind-check
    granted = (await Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } })).granted; // expect: provisional-blind-check, request-when-denied, unguarded-provisional-request
  }
  if (!granted) return false;
  return true;
}

// A boolean flag that starts as a placeholder and is then set from the response.
export async function readFlag(): Promise<boolean> {
  let enabled = false;
  const settings = await Notifications.getPermissionsAsync();
  enabled = settings.granted; // expect: provisional-blind-check
  return enabled;
}
