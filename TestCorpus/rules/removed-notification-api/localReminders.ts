import * as Notifications from 'expo-notifications';
import { SchedulableTriggerInputTypes } from 'expo-notifications';

export async function showUploadFinished(fileName: string): Promise<void> {
  await Notifications.presentNotificationAsync({ // expect: removed-notification-api
    title: 'Upload complete',
    body: `${fileName} is ready to share.`,
  });
}

export async function showUploadFailed(fileName: string): Promise<string> {
  return Notifications.scheduleNotificationAsync({
    content: { title: 'Upload failed', body: `Tap to retry ${fileName}.` },
    trigger: null,
  });
}

export async function remindInFiveMinutes(taskTitle: string): Promise<string> {
  return Notifications.scheduleNotificationAsync({
    content: { title: 'Reminder', body: taskTitle },
    trigger: { seconds: 300 }, // expect: invalid-notification-trigger
  });
}

export async function scheduleDailyCheckIn(hour: number, minute: number): Promise<string> {
  return Notifications.scheduleNotificationAsync({
    content: { title: 'Daily check-in', body: 'How did today go?' },
    trigger: { // expect: invalid-notification-trigger
      hour,
      minute,
      repeats: true,
    },
  });
}

export async function scheduleDailyCheckInTyped(hour: number, minute: number): Promise<string> {
  return Notifications.scheduleNotificationAsync({
    content: { title: 'Daily check-in', body: 'How did today go?' },
    trigger: { type: SchedulableTriggerInputTypes.DAILY, hour, minute },
  });
}

// Meant "show it now, on the orders channel"; since SDK 52 a trigger needs a `type` (or `trigger: null`).
export async function alertOnOrdersChannel(body: string): Promise<string> {
  return Notifications.scheduleNotificationAsync({
    content: { title: 'Order update', body },
    trigger: { channelId: 'orders' }, // expect: invalid-notification-trigger
  });
}

export async function remindAt(date: Date, body: string): Promise<string> {
  return Notifications.scheduleNotificationAsync({
    content: { title: 'Appointment', body },
    trigger: { type: 'date', date },
  });
}

export async function remindSoonOnChannel(body: string): Promise<string> {
  return Notifications.scheduleNotificationAsync({
    content: { title: 'Order update', body },
    trigger: {
      type: Notifications.SchedulableTriggerInputTypes.TIME_INTERVAL,
      seconds: 2,
      channelId: 'orders',
    },
  });
}
