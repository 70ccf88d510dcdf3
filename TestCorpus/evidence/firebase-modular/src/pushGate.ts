import { AuthorizationStatus, getMessaging, getToken, hasPermission } from '@react-native-firebase/messaging';

export async function tokenIfAllowed(): Promise<string | null> {
  const status = await hasPermission(getMessaging());
  if (status !== AuthorizationStatus.AUTHORIZED) { // expect: provisional-blind-check=error
    return null;
  }
  return getToken(getMessaging());
}
