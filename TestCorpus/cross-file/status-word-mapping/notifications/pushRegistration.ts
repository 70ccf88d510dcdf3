import * as Notifications from 'expo-notifications';
import Constants from 'expo-constants';

import { notificationState } from './notificationState';

const projectId = Constants.expoConfig?.extra?.eas?.projectId ?? Constants.easConfig?.projectId;

// Decides on the word; the finding is on the mapping in notificationState.ts.
export async function registerPushToken(post: (token: string) => Promise<void>): Promise<void> {
  if (await notificationState() === 'enabled') {
    const { data } = await Notifications.getExpoPushTokenAsync({ projectId });
    await post(data);
  }
}

export async function shouldShowPrePrompt(): Promise<boolean> {
  const state = await notificationState();
  return state === 'disabled';
}
