import * as Notifications from 'expo-notifications';
import Constants from 'expo-constants';

import { readPermission } from '../notifications/readPermission';

const projectId = Constants.expoConfig?.extra?.eas?.projectId ?? Constants.easConfig?.projectId;

// Decides on the word: the finding is on the mapping in readPermission.ts, not again here.
export async function registerPush(post: (token: string) => Promise<void>): Promise<void> {
  if ((await readPermission()).status !== 'granted') return;
  const { data } = await Notifications.getExpoPushTokenAsync({ projectId });
  await post(data);
}

export async function shouldOfferSettings(): Promise<boolean> {
  const { status, canAskAgain } = await readPermission();
  return status === 'denied' && !canAskAgain;
}
