import {
  AuthorizationStatus,
  getMessaging,
  getToken,
  hasPermission,
  requestPermission,
} from '@react-native-firebase/messaging';
import { Alert } from 'react-native';

/** Called after login: make sure we can push order updates, then hand the token to the API. */
export async function syncFcmToken(): Promise<string | null> {
  const messagingInstance = getMessaging();
  let authStatus = await hasPermission(messagingInstance);
  if (authStatus !== AuthorizationStatus.AUTHORIZED) { // expect: provisional-blind-check
    authStatus = await requestPermission(messagingInstance);
  }

  if (authStatus === AuthorizationStatus.AUTHORIZED) { // expect: provisional-blind-check
    return getToken(messagingInstance);
  }

  Alert.alert('Order updates are off', 'Enable notifications in Settings to follow your delivery.');
  return null;
}
