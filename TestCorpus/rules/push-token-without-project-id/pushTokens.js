// expect-project-note: channel-after-permission-request
import messaging from '@react-native-firebase/messaging';
import * as Notifications from 'expo-notifications';

import { getExpoPushTokenAsync } from './expoPushClient';

const PROJECT_IDS = {
  staging: '9c0d5e1f-27a8-4b3c-8d6e-f1a2b3c4d5e6',
  production: '1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6',
};

export async function getFcmToken() {
  return messaging().getToken();
}

export async function getNativeToken() {
  const { data } = await Notifications.getDevicePushTokenAsync();
  return data;
}

// The app's own wrapper adds the project ID itself.
export async function getWrappedExpoToken() {
  return getExpoPushTokenAsync();
}

export async function getExpoTokenForEnvironment(environment) {
  return Notifications.getExpoPushTokenAsync({ projectId: PROJECT_IDS[environment] });
}

export async function getExpoTokenFromEnv() {
  const projectId = process.env.EXPO_PUBLIC_EAS_PROJECT_ID;
  return Notifications.getExpoPushTokenAsync({ projectId, applicationId: 'com.acme.courier' });
}

export async function getExpoTokenFromSnippet() {
  return Notifications.getExpoPushTokenAsync({ projectId: 'your-project-id' }); // expect: push-token-without-project-id
}
