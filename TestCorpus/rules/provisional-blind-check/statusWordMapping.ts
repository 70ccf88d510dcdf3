import * as Notifications from 'expo-notifications';
import Constants from 'expo-constants';

type NotificationState = 'enabled' | 'disabled';

const projectId = Constants.expoConfig?.extra?.eas?.projectId ?? Constants.easConfig?.projectId;

// The mapping judges the root status; its word decides below, so the mapping is reported.
async function notificationState(): Promise<NotificationState> {
  const { status } = await Notifications.getPermissionsAsync();
  return status === 'granted' ? 'enabled' : 'disabled'; // expect: provisional-blind-check
}

export async function syncPushToken(save: (token: string) => Promise<void>): Promise<void> {
  if (await notificationState() === 'enabled') {
    const token = await Notifications.getExpoPushTokenAsync({ projectId });
    await save(token.data);
  }
}

// An if/return mapping, compared with the other word.
async function pushState(): Promise<'on' | 'off'> {
  const { granted } = await Notifications.getPermissionsAsync();
  if (granted) return 'on'; // expect: provisional-blind-check
  return 'off';
}

export async function maybeShowPrePrompt(show: () => void): Promise<void> {
  const state = await pushState();
  if (state !== 'on') show();
}

// A switch over the word.
async function reminderMode(): Promise<'push' | 'inbox'> {
  const settings = await Notifications.getPermissionsAsync();
  return settings.status === Notifications.PermissionStatus.GRANTED ? 'push' : 'inbox'; // expect: provisional-blind-check
}

export async function scheduleReminder(title: string, sendToInbox: (title: string) => Promise<void>): Promise<void> {
  switch (await reminderMode()) {
    case 'push':
      await Notifications.scheduleNotificationAsync({ content: { title }, trigger: null });
      break;
    case 'inbox':
      await sendToInbox(title);
      break;
  }
}
