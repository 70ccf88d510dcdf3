import * as Notifications from 'expo-notifications';

import { store } from '../store';

const QUIET = { ios: { allowAlert: true, allowSound: true, allowProvisional: true } };

// The status comes from the app's own store, which the tool cannot follow: the comparison with
// 'undetermined' still says the code chose whom to ask.
export async function askFromStoredStatus() {
  const { pushPermission } = store.getState();
  if (pushPermission.status !== 'undetermined') return;
  await Notifications.requestPermissionsAsync(QUIET);
}

// The same for a stored iOS status compared with the enum member.
export async function askFromStoredIosStatus() {
  const iosStatus = store.getState().pushPermission.iosStatus;
  if (iosStatus !== Notifications.IosAuthorizationStatus.NOT_DETERMINED) return;
  await Notifications.requestPermissionsAsync(QUIET);
}

// A stored flag that says nothing about the device's permission.
export async function askAfterOnboarding() {
  if (!store.getState().onboarding.finished) return;
  await Notifications.requestPermissionsAsync(QUIET); // expect: unguarded-provisional-request
}
