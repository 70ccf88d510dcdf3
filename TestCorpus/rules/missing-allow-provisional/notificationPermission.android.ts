import * as Notifications from 'expo-notifications';

// Android build of the permission helper (the iOS one is notificationPermission.ios.ts).
// Android has no provisional state, so the plain request and the plain checks are fine here.

const CHANNEL_ID = 'general';

async function ensureChannel() {
  await Notifications.setNotificationChannelAsync(CHANNEL_ID, {
    name: 'General',
    importance: Notifications.AndroidImportance.DEFAULT,
  });
}

export async function hasNotificationPermission(): Promise<boolean> {
  const { granted } = await Notifications.getPermissionsAsync();
  return granted;
}

export async function ensureNotificationPermission(): Promise<boolean> {
  await ensureChannel();
  const current = await Notifications.getPermissionsAsync();
  if (current.granted) {
    return true;
  }
  if (!current.canAskAgain) {
    return false;
  }
  const { status } = await Notifications.requestPermissionsAsync();
  return status === 'granted';
}
