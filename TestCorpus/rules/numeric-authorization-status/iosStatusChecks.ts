// expect-project-note: channel-after-permission-request
import * as Notifications from 'expo-notifications';
import { IosAuthorizationStatus } from 'expo-notifications';

// Someone read Apple's UNAuthorizationStatus table and hard-coded the raw values.
export async function isDeliveredQuietly(): Promise<boolean> {
  const settings = await Notifications.getPermissionsAsync();
  return settings.ios?.status === 3; // expect: numeric-authorization-status
}

export async function iosAllowsNotifications(): Promise<boolean> {
  const { ios } = await Notifications.getPermissionsAsync();
  if (!ios) return false;
  return ios.status >= 2; // expect: numeric-authorization-status
}

export async function iosNeverAsked(): Promise<boolean> {
  const { ios } = await Notifications.getPermissionsAsync();
  return 0 === ios?.status; // expect: numeric-authorization-status
}

// Meant "authorized or provisional"; the bare `|| 3` makes it true for every device.
export async function canShowInNotificationCenter(): Promise<boolean> {
  const settings = await Notifications.getPermissionsAsync();
  const visible = settings.ios?.status === 2 || 3; // expect: numeric-authorization-status, numeric-authorization-status
  return Boolean(visible);
}

export async function requestQuietly(): Promise<boolean> {
  const result = await Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: { allowAlert: true, allowSound: true, allowProvisional: true },
  });
  return result.ios?.status === 3 || result.ios?.status === 2; // expect: numeric-authorization-status, numeric-authorization-status
}

export async function iosStatusLabel(): Promise<string> {
  const settings = await Notifications.getPermissionsAsync();
  if (settings.ios?.status === IosAuthorizationStatus.PROVISIONAL) return 'Delivered quietly';
  if (settings.ios?.status === IosAuthorizationStatus.EPHEMERAL) return 'Temporary';
  if (settings.ios?.status === IosAuthorizationStatus.DENIED) return 'Off';
  return settings.granted ? 'On' : 'Not set';
}

export async function scheduleStreakReminder(streakDays: number): Promise<void> {
  const settings = await Notifications.getPermissionsAsync();
  if (settings.ios?.allowsAlert === false) return;
  if (streakDays < 3) return;
  await Notifications.scheduleNotificationAsync({
    content: { title: `${streakDays} days in a row!`, body: 'Keep the streak going tomorrow.' },
    trigger: { type: Notifications.SchedulableTriggerInputTypes.TIME_INTERVAL, seconds: 3600 },
  });
}
