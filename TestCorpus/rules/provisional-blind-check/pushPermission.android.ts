import * as Notifications from 'expo-notifications';

const CHANNEL_ID = 'messages';

export async function ensurePushPermission(): Promise<boolean> {
  await Notifications.setNotificationChannelAsync(CHANNEL_ID, {
    name: 'Messages',
    importance: Notifications.AndroidImportance.HIGH,
    sound: 'default',
  });

  const { status: existingStatus } = await Notifications.getPermissionsAsync();
  let finalStatus = existingStatus;
  if (existingStatus !== 'granted') {
    const { status } = await Notifications.requestPermissionsAsync(); // expect: request-when-denied
    finalStatus = status;
  }
  return finalStatus === 'granted';
}

export async function isPushEnabled(): Promise<boolean> {
  const { granted } = await Notifications.getPermissionsAsync();
  return granted;
}

export async function pushSettingsSummary() {
  const settings = await Notifications.getPermissionsAsync();
  return {
    enabled: settings.granted,
    importance: settings.android?.importance,
    blocked: !settings.granted && !settings.canAskAgain,
  };
}
