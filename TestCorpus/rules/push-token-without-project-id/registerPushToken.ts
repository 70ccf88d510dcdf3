// expect-project-note: channel-after-permission-request
import Constants from 'expo-constants';
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

import { apiClient } from '../services/apiClient';

// Worked in Expo Go with a classic manifest; development and store builds throw without a projectId.
export async function fetchPushTokenLegacy(): Promise<string> {
  const token = await Notifications.getExpoPushTokenAsync(); // expect: push-token-without-project-id
  return token.data;
}

// Pasted from a tutorial, placeholder never replaced.
export async function fetchPushTokenFromTemplate(): Promise<string> {
  const { data } = await Notifications.getExpoPushTokenAsync({ projectId: 'YOUR_EAS_PROJECT_ID' }); // expect: push-token-without-project-id
  return data;
}

export async function fetchPushToken(): Promise<string> {
  const projectId = Constants.expoConfig?.extra?.eas?.projectId ?? Constants.easConfig?.projectId;
  if (!projectId) {
    throw new Error('No EAS projectId in the app config; run `eas init` first.');
  }
  const { data } = await Notifications.getExpoPushTokenAsync({ projectId });
  return data;
}

export async function uploadPushToken(userId: string): Promise<void> {
  const token = await fetchPushToken();
  await apiClient.post(`/users/${userId}/push-tokens`, { token, platform: Platform.OS });
}
