import * as Notifications from 'expo-notifications';

export async function scheduleDailyReminder(): Promise<void> {
  const { status } = await Notifications.getPermissionsAsync();
  if (status !== 'granted') return; // expect: provisional-blind-check=error
  await Notifications.scheduleNotificationAsync({
    content: { title: 'Time to stretch' },
    trigger: { type: Notifications.SchedulableTriggerInputTypes.DAILY, hour: 9, minute: 0 },
  });
}
