import messaging from '@react-native-firebase/messaging';

import { readPushAuthorization } from './pushPermission';

export async function shouldShowPushBadge(): Promise<boolean> {
  const authStatus = await readPushAuthorization();
  return authStatus === messaging.AuthorizationStatus.AUTHORIZED; // expect: provisional-blind-check
}
