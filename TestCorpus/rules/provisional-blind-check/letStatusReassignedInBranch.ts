import * as Notifications from 'expo-notifications';

import { api } from '../api/client';

// The copied snippet with the destructured status itself reassigned: whichever branch ran, the
// second test compares a root status, so both tests are blind.
export async function registerDevice(): Promise<string | null> {
  let { status } = await Notifications.getPermissionsAsync();
  if (status !== 'granted') { // expect: provisional-blind-check
    const response = await Notifications.requestPermissionsAsync({ // expect: request-when-denied, unguarded-provisional-request
      ios: { allowAlert: true, allowSound: true, allowProvisional: true },
    });
    status = response.status;
  }
  if (status !== 'granted') return null; // expect: provisional-blind-check
  const { data } = await Notifications.getExpoPushTokenAsync({ projectId: 'b5c1a0de-7a51-4a39-9a5e-0e6c3c1c2f11' });
  return data;
}

// The branch stores what the server says, which may not be a permission status at all: the second
// test is left alone (two sources, no finding when in doubt).
export async function registerWithServerOverride(userId: string): Promise<boolean> {
  let { status } = await Notifications.getPermissionsAsync();
  if (status !== 'granted') { // expect: provisional-blind-check
    status = await api.get(`/users/${userId}/notification-status`);
  }
  return status === 'granted';
}

// A branch that only sets a placeholder keeps the status the only data source.
export async function statusOrUnknown(skip: boolean): Promise<string> {
  let { status } = await Notifications.getPermissionsAsync();
  if (skip) {
    status = Notifications.PermissionStatus.UNDETERMINED;
  }
  return status === 'granted' ? 'on' : 'off'; // expect: provisional-blind-check
}
