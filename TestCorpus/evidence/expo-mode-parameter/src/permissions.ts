import * as Notifications from 'expo-notifications';

export type AskMode = 'full' | 'provisional';

export async function askForNotifications(mode: AskMode) {
  const settings = await Notifications.getPermissionsAsync();
  if (settings.ios?.status !== Notifications.IosAuthorizationStatus.NOT_DETERMINED) return settings;
  return Notifications.requestPermissionsAsync({ // evidence-site // expect: request-when-denied
    ios: { allowAlert: true, allowSound: true, allowProvisional: mode === 'provisional' }, // evidence-site
  });
}
