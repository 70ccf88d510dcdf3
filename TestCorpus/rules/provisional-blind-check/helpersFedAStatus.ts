import * as Notifications from 'expo-notifications';
import { PermissionStatus } from 'expo-notifications';
import analytics from '@react-native-firebase/analytics';

// Every call hands `toSwitchState` a root status: the mapping decides inside the helper, since
// its words are compared below.
function toSwitchState(status) {
  switch (status) {
    case PermissionStatus.GRANTED: // expect: provisional-blind-check
      return 'on';
    case PermissionStatus.DENIED:
      return 'off';
    default:
      return 'ask';
  }
}

// Every call hands it a whole response.
function isPermissionGranted(response) {
  return response.status === 'granted'; // expect: provisional-blind-check
}

// A status on one call, a word from the server on the other: the parameter is not a status.
function isEnabledWord(status) {
  return status === 'granted';
}

// A status mapped to labels that nobody compares: only shown.
function describeStatus(status) {
  switch (status) {
    case PermissionStatus.GRANTED:
      return 'Notifications are on';
    case PermissionStatus.DENIED:
      return 'Notifications are off';
    default:
      return 'Not asked yet';
  }
}

// An analytics wrapper fed the status: reported where the status is passed in, not inside.
function trackPushStatus(status) {
  void analytics().logEvent('push_status', { status });
}

export async function syncReminderSwitch(
  setSwitch: (on: boolean) => void,
  setCaption: (text: string) => void,
  serverState: string,
): Promise<void> {
  const settings = await Notifications.getPermissionsAsync();
  setSwitch(toSwitchState(settings.status) === 'on');
  if (!isPermissionGranted(settings)) {
    console.info('[reminders] not granted');
  }
  if (isEnabledWord(settings.status) || isEnabledWord(serverState)) {
    setSwitch(true);
  }
  setCaption(describeStatus(settings.status));
  trackPushStatus(settings.status); // expect: provisional-blind-analytics
}

export async function refreshReminderSwitch(setSwitch: (on: boolean) => void): Promise<boolean> {
  const { status } = await Notifications.getPermissionsAsync();
  if (toSwitchState(status) === 'ask') setSwitch(false);
  return isPermissionGranted(await Notifications.getPermissionsAsync());
}
