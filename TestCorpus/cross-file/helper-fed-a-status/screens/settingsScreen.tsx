import * as Notifications from 'expo-notifications';

import { isEnabledWord, isPermissionGranted, toSwitchState } from '../notifications/permissionWords';

export async function syncReminderSwitch(setOn: (on: boolean) => void, serverWord: string): Promise<void> {
  const settings = await Notifications.getPermissionsAsync();
  setOn(toSwitchState(settings.status) === 'on');
  if (isPermissionGranted(settings)) {
    setOn(true);
  }
  if (isEnabledWord(serverWord)) {
    setOn(true);
  }
}

export async function refreshReminderSwitch(setOn: (on: boolean) => void): Promise<void> {
  const { status } = await Notifications.getPermissionsAsync();
  if (toSwitchState(status) === 'ask') setOn(false);
}
