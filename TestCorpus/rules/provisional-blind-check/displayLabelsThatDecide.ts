// Looks like a label map, but a branch does something else: still a decision.
import * as Notifications from 'expo-notifications';

export async function statusOrAsk() {
  const { status } = await Notifications.getPermissionsAsync();
  switch (status) {
    case 'granted': // expect: provisional-blind-check
      return 'on';
    case 'denied':
      return 'off';
    default:
      await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
      return 'asked';
  }
}

export async function enabled() {
  const { status } = await Notifications.getPermissionsAsync();
  switch (status) {
    case 'granted': // expect: provisional-blind-check
      return true;
    case 'denied':
      return false;
    default:
      return false;
  }
}

export async function onOff() {
  const { status } = await Notifications.getPermissionsAsync();
  // A single test is a decision between granted and everything else.
  return status === 'granted' ? 'On' : 'Off'; // expect: provisional-blind-check
}
