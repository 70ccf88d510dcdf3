// Regression: a catch parameter was never declared (a dead `case "catch_clause"`), so it resolved to
// the outer permission flag of the same name and the error was reported as a blind check.
import * as Notifications from 'expo-notifications';

export async function register(upload: () => Promise<void>) {
  const { granted } = await Notifications.getPermissionsAsync();
  try {
    await upload();
  } catch (granted) {
    // The catch parameter shadows the permission flag: this `granted` is the error.
    return granted ? String(granted) : 'unknown error';
  }
  return granted && 'ok'; // expect: provisional-blind-check
}
