import Constants from 'expo-constants';
import * as Notifications from 'expo-notifications';
import { IosAuthorizationStatus } from 'expo-notifications';

export type PromptMode = 'provisional' | 'full';

// Notifications reach the device: fully authorized, or quietly (provisional, an App Clip's ephemeral).
function isDeliverable(settings: Notifications.NotificationPermissionsStatus): boolean {
  return (
    settings.granted ||
    settings.ios?.status === IosAuthorizationStatus.PROVISIONAL ||
    settings.ios?.status === IosAuthorizationStatus.EPHEMERAL
  );
}

// 'provisional' asks quietly, 'full' with the dialog; a device that already receives is not asked.
export async function registerForPushAsync(mode: PromptMode): Promise<string | null> {
  const existing = await Notifications.getPermissionsAsync();
  let settings = existing;
  if (!isDeliverable(existing)) {
    settings = await Notifications.requestPermissionsAsync( // expect: missing-allow-provisional, request-when-denied, unguarded-provisional-request
      mode === 'provisional' ? { ios: { allowProvisional: true } } : undefined,
    );
  }
  if (!isDeliverable(settings)) {
    return null;
  }
  const projectId = Constants.expoConfig?.extra?.eas?.projectId;
  const token = await Notifications.getExpoPushTokenAsync({ projectId });
  return token.data;
}

export const startQuietly = () => registerForPushAsync('provisional');

export const askForReal = () =>
  registerForPushAsync('full');
