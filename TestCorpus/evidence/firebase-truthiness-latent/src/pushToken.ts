import messaging from '@react-native-firebase/messaging';

// NOT_DETERMINED is -1: "never asked" passes this test whether or not the app asks provisionally.
export async function tokenIfEnabled(): Promise<string | null> {
  const authStatus = await messaging().hasPermission();
  if (!authStatus) { // expect: provisional-blind-check=error
    return null;
  }
  return messaging().getToken();
}

export async function fullyAuthorized(): Promise<boolean> {
  const authStatus = await messaging().hasPermission();
  return authStatus === messaging.AuthorizationStatus.AUTHORIZED; // expect: provisional-blind-check=warning
}
