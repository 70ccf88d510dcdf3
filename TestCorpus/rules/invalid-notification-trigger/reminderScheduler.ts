import {
  SchedulableTriggerInputTypes,
  scheduleNotificationAsync as schedule,
  type NotificationTriggerInput,
} from 'expo-notifications';

const content = { title: 'Water break', body: 'Time for a glass of water.' };

// Pre-SDK 52 shapes: no `type`, no `channelId`, so the call throws a TypeError.
export const inAMinute = () => schedule({ content, trigger: { seconds: 60 } }); // expect: invalid-notification-trigger
export const everyMorning = () =>
  schedule({ content, trigger: { hour: 8, minute: 30, repeats: true } }); // expect: invalid-notification-trigger
export const onMondays = () =>
  schedule({
    content,
    trigger: { // expect: invalid-notification-trigger
      weekday: 2,
      hour: 9,
      minute: 0,
      repeats: true,
    },
  });
export const atDate = (date: Date) => schedule({ content, trigger: { date } }); // expect: invalid-notification-trigger
export const emptyTrigger = () => schedule({ content, trigger: {} }); // expect: invalid-notification-trigger

// `channelId` without `type`: accepted, but delivered at once (warning).
export const onOrdersChannel = () => schedule({ content, trigger: { channelId: 'orders' } }); // expect: invalid-notification-trigger
export const laterOnOrdersChannel = () =>
  schedule({ content, trigger: { channelId: 'orders', seconds: 600 } }); // expect: invalid-notification-trigger

// Typed, immediate, or not visible: nothing to report.
export const typed = () =>
  schedule({ content, trigger: { type: SchedulableTriggerInputTypes.TIME_INTERVAL, seconds: 60, channelId: 'orders' } });
export const typedByString = (date: Date) => schedule({ content, trigger: { type: 'date', date } });
export const now = () => schedule({ content, trigger: null });
export const fromBase = (base: NotificationTriggerInput & object) => schedule({ content, trigger: { ...base, seconds: 5 } });
export const computed = (key: 'type' | 'channelId') => schedule({ content, trigger: { [key]: 'daily', hour: 8, minute: 0 } });
export const passedIn = (trigger: NotificationTriggerInput) => schedule({ content, trigger });
export const overridden = (extra: { trigger: NotificationTriggerInput }) =>
  schedule({ content, trigger: { seconds: 5 }, ...extra });
