import { checkNotifications, openSettings, requestNotifications, RESULTS } from 'react-native-permissions';
import { getExpoPushTokenAsync } from 'expo-notifications';

export function isNotificationPermissionGranted(): Promise<boolean> {
  return checkNotifications().then(({ status }) => status === 'granted');
}

export async function requestNotificationAccess(): Promise<{ ok: boolean; quiet: boolean }> {
  const { status, settings } = await requestNotifications(['alert', 'sound', 'provisional']); // expect: unguarded-provisional-request
  if (status === RESULTS.GRANTED) {
    return { ok: true, quiet: settings.provisional === true };
  }
  if (status === RESULTS.BLOCKED) {
    await openSettings();
  }
  return { ok: false, quiet: false };
}

export async function pushTokenIfAllowed(projectId: string): Promise<string | null> {
  const { status } = await checkNotifications();
  if (status !== 'granted' && status !== 'limited') {
    return null;
  }
  const token = await getExpoPushTokenAsync({ projectId });
  return token.data;
}
