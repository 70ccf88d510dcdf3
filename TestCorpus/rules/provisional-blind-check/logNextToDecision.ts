import analytics from '@react-native-firebase/analytics';
import * as Notifications from 'expo-notifications';
import Constants from 'expo-constants';

const projectId = Constants.expoConfig?.extra?.eas?.projectId ?? Constants.easConfig?.projectId;

// A log-only test next to the one that decides: only the deciding one is reported.
export async function registerDevice(save: (token: string) => Promise<void>): Promise<string | null> {
  const { status } = await Notifications.getPermissionsAsync();
  if (status === 'granted') {
    console.log('[push] permission granted');
  } else {
    console.log('[push] permission not granted yet');
  }
  if (status !== 'granted') return null; // expect: provisional-blind-check
  const token = await Notifications.getExpoPushTokenAsync({ projectId });
  await save(token.data);
  return token.data;
}

// An analytics-only branch, then a `granted` test that skips the token.
export async function refreshToken(save: (token: string) => Promise<void>): Promise<void> {
  const { granted } = await Notifications.getPermissionsAsync();
  if (!granted) {
    await analytics().logEvent('push_token_skipped');
  }
  if (granted) { // expect: provisional-blind-check
    const token = await Notifications.getExpoPushTokenAsync({ projectId });
    await save(token.data);
  }
}

// A branch that logs and also leaves the function decides.
export async function subscribeToTopics(subscribe: () => Promise<void>): Promise<void> {
  const { status } = await Notifications.getPermissionsAsync();
  if (status !== 'granted') { // expect: provisional-blind-check
    console.log('[push] not subscribing to topics');
    return;
  }
  await subscribe();
}
