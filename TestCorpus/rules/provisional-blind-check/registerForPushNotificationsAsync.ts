import Constants from 'expo-constants';
import * as Notifications from 'expo-notifications';

import { api } from '../api/client';

function resolveProjectId(): string | undefined {
  return Constants?.expoConfig?.extra?.eas?.projectId ?? Constants?.easConfig?.projectId;
}

export async function registerForPushNotificationsAsync(): Promise<string | undefined> {
  const { status: existingStatus } = await Notifications.getPermissionsAsync();
  let finalStatus = existingStatus;

  if (existingStatus !== 'granted') { // expect: provisional-blind-check
    const { status } = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
    finalStatus = status;
  }

  if (finalStatus !== 'granted') { // expect: provisional-blind-check
    console.warn('[push] notifications not allowed, skipping token registration');
    return undefined;
  }

  const projectId = resolveProjectId();
  if (!projectId) {
    throw new Error('EAS projectId is missing from the app config');
  }

  const { data: token } = await Notifications.getExpoPushTokenAsync({ projectId });
  return token;
}

export async function syncPushTokenWithServer(userId: string): Promise<void> {
  try {
    const token = await registerForPushNotificationsAsync();
    if (!token) return;
    await api.put(`/users/${userId}/devices`, { expoPushToken: token });
  } catch (error) {
    console.error('[push] token sync failed', error);
  }
}
