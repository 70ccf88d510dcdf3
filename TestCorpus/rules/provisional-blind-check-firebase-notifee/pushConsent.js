import messaging from '@react-native-firebase/messaging';
import { checkNotifications } from 'react-native-permissions';
import { OneSignal } from 'react-native-onesignal';

export async function syncPushConsent(api) {
  const authStatus = await messaging().requestPermission();
  const consent = authStatus && authStatus !== messaging.AuthorizationStatus.DENIED; // expect: provisional-blind-check
  await api.post('/consent', { push: Boolean(consent) });
}

export async function legacyPushCheck() {
  const authStatus = await messaging().hasPermission();
  return authStatus == 1; // expect: numeric-authorization-status, provisional-blind-check
}

export async function pushAllowedOrQuiet() {
  const authStatus = await messaging().hasPermission();
  return authStatus === messaging.AuthorizationStatus.AUTHORIZED || authStatus === 2; // expect: numeric-authorization-status
}

// react-native-permissions already reports provisional as 'granted'.
export async function permissionsLibAllows() {
  const { status } = await checkNotifications();
  return status === 'granted';
}

// OneSignal's boolean is true under provisional authorization too.
export async function oneSignalAllows() {
  const allowed = await OneSignal.Notifications.getPermissionAsync();
  if (!allowed) return false;
  return true;
}
