const Notifications = require('expo-notifications');

const TEN_MINUTES = { seconds: 600 }; // expect: invalid-notification-trigger
const ON_ALERTS_CHANNEL = { channelId: 'alerts' }; // expect: invalid-notification-trigger

export function remindLater(content) {
  return Notifications.scheduleNotificationAsync({ content, trigger: TEN_MINUTES });
}

export function alertNow(content) {
  return Notifications.scheduleNotificationAsync({ content, trigger: ON_ALERTS_CHANNEL });
}

// A request built first, its trigger read through a property or a destructuring.
const dailyDigest = {
  content: { title: 'Your daily digest' },
  trigger: { hour: 18, minute: 0, repeats: true }, // expect: invalid-notification-trigger
};
export const scheduleDigest = () =>
  Notifications.scheduleNotificationAsync({ content: dailyDigest.content, trigger: dailyDigest.trigger });

const { trigger: weeklyTrigger } = { trigger: { weekday: 1, hour: 9, minute: 0, repeats: true } }; // expect: invalid-notification-trigger
export const scheduleWeekly = (content) => Notifications.scheduleNotificationAsync({ content, trigger: weeklyTrigger });

// Each branch of a conditional is a trigger that can be passed.
export const scheduleMaybeSoon = (content, soon) =>
  Notifications.scheduleNotificationAsync({
    content,
    trigger: soon ? { seconds: 1 } : null, // expect: invalid-notification-trigger
  });

// A `let` set to a placeholder, then to the trigger, before the call.
export async function scheduleAt(content, date) {
  let trigger = null;
  trigger = { type: Notifications.SchedulableTriggerInputTypes.DATE, date };
  return Notifications.scheduleNotificationAsync({ content, trigger });
}

// Reassigned in the loop after the call: from the second turn on another object reaches it, so it
// is left alone.
export async function scheduleSeries(content, count) {
  let trigger = { seconds: 60 };
  for (let i = 0; i < count; i += 1) {
    await Notifications.scheduleNotificationAsync({ content, trigger });
    trigger = { type: Notifications.SchedulableTriggerInputTypes.TIME_INTERVAL, seconds: 60 * (i + 2) };
  }
}

// Not an object: a Date or a timestamp is not this rule's shape.
export const scheduleAtDate = (content, date) => Notifications.scheduleNotificationAsync({ content, trigger: date });
