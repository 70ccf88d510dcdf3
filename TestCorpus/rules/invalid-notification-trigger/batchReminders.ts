import * as Notifications from 'expo-notifications';

const medicationReminders = [
  { content: { title: 'Morning dose' }, trigger: { hour: 8, minute: 0, repeats: true } }, // expect: invalid-notification-trigger
  {
    content: { title: 'Evening dose' },
    trigger: { type: Notifications.SchedulableTriggerInputTypes.DAILY, hour: 20, minute: 0 },
  },
  { content: { title: 'Refill' }, trigger: { channelId: 'pharmacy' } }, // expect: invalid-notification-trigger
];

export async function scheduleAll(): Promise<string[]> {
  return Promise.all(medicationReminders.map((r) => Notifications.scheduleNotificationAsync(r)));
}

export function scheduleEach(): void {
  medicationReminders.forEach((r) => {
    void Notifications.scheduleNotificationAsync(r);
  });
}

export async function scheduleInOrder(): Promise<void> {
  for (const r of medicationReminders) {
    await Notifications.scheduleNotificationAsync(r);
  }
}

const followUps = [
  { content: { title: 'How did it go?' }, trigger: { seconds: 3600 } }, // expect: invalid-notification-trigger
];

// The API function itself as the callback.
export const scheduleFollowUps = () => Promise.all(followUps.map(Notifications.scheduleNotificationAsync));

// Destructured in the callback: the trigger is followed too.
const nudges = [{ title: 'Come back!', trigger: { seconds: 86400 } }]; // expect: invalid-notification-trigger
export const scheduleNudges = () =>
  Promise.all(nudges.map(({ title, trigger }) => Notifications.scheduleNotificationAsync({ content: { title }, trigger })));

// Requests from elsewhere are not visible: nothing to report.
export async function scheduleFrom(requests: Notifications.NotificationRequestInput[]): Promise<void> {
  for (const request of requests) await Notifications.scheduleNotificationAsync(request);
  requests.forEach((request) => Notifications.scheduleNotificationAsync(request));
}
