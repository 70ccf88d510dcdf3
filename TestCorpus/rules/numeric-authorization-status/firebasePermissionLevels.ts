import messaging from '@react-native-firebase/messaging';

// Firebase numbers the statuses differently from Expo: -1 not determined, 0 denied,
// 1 authorized, 2 provisional, 3 ephemeral.

export async function requestPushPermission(): Promise<boolean> {
  const authStatus = await messaging().requestPermission();
  return authStatus === 1; // expect: numeric-authorization-status, provisional-blind-check
}

export async function hasAnyPushPermission(): Promise<boolean> {
  const authStatus = await messaging().hasPermission();
  return authStatus === 1 || authStatus === 2; // expect: numeric-authorization-status, numeric-authorization-status
}

export async function pushWasDeclined(): Promise<boolean> {
  const authStatus = await messaging().hasPermission();
  return authStatus == 0; // expect: numeric-authorization-status
}

export async function pushReachable(): Promise<boolean> {
  const authStatus = await messaging().hasPermission();
  return (
    authStatus === messaging.AuthorizationStatus.AUTHORIZED ||
    authStatus === messaging.AuthorizationStatus.PROVISIONAL
  );
}

export async function registerWithRetries(maxRetries = 3): Promise<string | null> {
  const authStatus = await messaging().hasPermission();
  if (authStatus === messaging.AuthorizationStatus.DENIED) return null;
  let retries = 0;
  while (retries < maxRetries) {
    try {
      return await messaging().getToken();
    } catch (error) {
      retries += 1;
      if (retries > 3) throw error;
    }
  }
  return null;
}
