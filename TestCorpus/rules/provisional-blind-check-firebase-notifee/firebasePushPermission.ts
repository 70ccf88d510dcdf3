import messaging from '@react-native-firebase/messaging';

// Authorized or provisional both mean messages arrive (provisional ones quietly).
export async function requestUserPermission(): Promise<boolean> {
  const authStatus = await messaging().requestPermission();
  const enabled =
    authStatus === messaging.AuthorizationStatus.AUTHORIZED ||
    authStatus === messaging.AuthorizationStatus.PROVISIONAL;
  if (enabled) {
    console.log('[fcm] permission status', authStatus);
  }
  return enabled;
}

export async function isPushAuthorized(): Promise<boolean> {
  const authStatus = await messaging().hasPermission();
  return authStatus === messaging.AuthorizationStatus.AUTHORIZED; // expect: provisional-blind-check
}

// Asks quietly, then throws the quiet answer away.
export async function requestQuietly(): Promise<boolean> {
  const authStatus = await messaging().requestPermission({ provisional: true }); // expect: unguarded-provisional-request
  if (authStatus !== messaging.AuthorizationStatus.AUTHORIZED) { // expect: provisional-blind-check
    return false;
  }
  await messaging().registerDeviceForRemoteMessages();
  return true;
}

// NOT_DETERMINED is -1, so "never asked" passes this test too.
export async function fetchTokenIfAllowed(): Promise<string | null> {
  const authStatus = await messaging().hasPermission();
  if (!authStatus) { // expect: provisional-blind-check
    return null;
  }
  return messaging().getToken();
}

export async function pushLevel(): Promise<'full' | 'quiet' | 'off'> {
  const authStatus = await messaging().hasPermission();
  if (authStatus === messaging.AuthorizationStatus.AUTHORIZED) return 'full';
  if (authStatus > messaging.AuthorizationStatus.DENIED) return 'quiet';
  return 'off';
}

export async function shouldOfferSettingsLink(): Promise<boolean> {
  const authStatus = await messaging().hasPermission();
  return authStatus === messaging.AuthorizationStatus.DENIED;
}
