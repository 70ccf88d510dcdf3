import * as Notifications from 'expo-notifications';

const REMINDER_TITLE = 'Time for your daily lesson';
const REMINDER_BODY = 'Five minutes a day keeps your streak alive.';

/** Whether we may schedule local reminders on this device. */
export async function canScheduleReminders() {
  const settings = await Notifications.getPermissionsAsync();
  return settings.granted; // expect: provisional-blind-check
}

/**
 * Schedules the daily practice reminder. Called from the streak screen; it never asks
 * for permission itself (the onboarding flow does that).
 */
export async function scheduleDailyReminder(hour = 19, minute = 30) {
  const allowed = await canScheduleReminders();
  if (!allowed) {
    console.log('[reminders] notifications are off, not scheduling');
    return false;
  }

  await Notifications.scheduleNotificationAsync({
    content: { title: REMINDER_TITLE, body: REMINDER_BODY, data: { screen: 'Streak' } },
    trigger: { type: 'daily', hour, minute },
  });
  return true;
}
