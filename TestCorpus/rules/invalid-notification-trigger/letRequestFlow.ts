import * as Notifications from 'expo-notifications';

import { track } from './analytics';

type Content = Notifications.NotificationContentInput;

// The literal reaches the call; the reassignment after it does not change what was scheduled.
export async function scheduleAndRemember(content: Content, id: string): Promise<string> {
  let request: Notifications.NotificationRequestInput = { content, trigger: { seconds: 60 } }; // expect: invalid-notification-trigger
  await Notifications.scheduleNotificationAsync(request);
  request = { ...request, identifier: id };
  track('scheduled', request);
  return id;
}

// Replaced before the call, unconditionally: the typed trigger is what is scheduled.
export async function scheduleWithDefaults(content: Content): Promise<string> {
  let request: Notifications.NotificationRequestInput = { content, trigger: { seconds: 60 } };
  request = {
    content,
    trigger: { type: Notifications.SchedulableTriggerInputTypes.TIME_INTERVAL, seconds: 60 },
  };
  return Notifications.scheduleNotificationAsync(request);
}

// Replaced by a type-less request before the call: that one is reported.
export async function scheduleOverwritten(content: Content): Promise<string> {
  let request: Notifications.NotificationRequestInput = { content, trigger: null };
  request = { content, trigger: { seconds: 30, repeats: false } }; // expect: invalid-notification-trigger
  return Notifications.scheduleNotificationAsync(request);
}

// Either object may reach the call: left alone.
export async function scheduleMaybeTyped(content: Content, typed: boolean): Promise<string> {
  let request: Notifications.NotificationRequestInput = { content, trigger: { seconds: 60 } };
  if (typed) {
    request = { content, trigger: { type: Notifications.SchedulableTriggerInputTypes.DAILY, hour: 9, minute: 0 } };
  }
  return Notifications.scheduleNotificationAsync(request);
}

// A callback may replace it before the call: left alone.
export async function scheduleAfterHook(content: Content, onBeforeSchedule: (apply: () => void) => Promise<void>): Promise<string> {
  let request: Notifications.NotificationRequestInput = { content, trigger: { seconds: 60 } };
  await onBeforeSchedule(() => {
    request = { content, trigger: null };
  });
  return Notifications.scheduleNotificationAsync(request);
}

// The trigger alone in a `let`, reassigned after the call.
export async function snooze(content: Content, minutes: number): Promise<string> {
  let trigger = { seconds: minutes * 60 }; // expect: invalid-notification-trigger
  const id = await Notifications.scheduleNotificationAsync({ content, trigger });
  trigger = { seconds: 0 };
  console.log('snoozed', id, trigger);
  return id;
}
