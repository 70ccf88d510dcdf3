import messaging from '@react-native-firebase/messaging';

/**
 * From the React Native Firebase docs: ask for provisional authorization (quiet
 * delivery, no prompt on iOS) and register the FCM token when we may deliver.
 */
export async function requestUserPermission(): Promise<string | null> {
  const authStatus = await messaging().requestPermission({ provisional: true }); // expect: unguarded-provisional-request
  const enabled =
    authStatus === messaging.AuthorizationStatus.AUTHORIZED ||
    authStatus === messaging.AuthorizationStatus.PROVISIONAL;

  if (!enabled) {
    console.log('[fcm] authorization status:', authStatus);
    return null;
  }

  const fcmToken = await messaging().getToken();
  return fcmToken;
}
