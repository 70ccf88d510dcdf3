import * as Notifications from 'expo-notifications';
import type { NotificationBehavior } from 'expo-notifications';

// Presentation presets; the handler picks one per notification category.

export const FOREGROUND_DEFAULT: NotificationBehavior = {
  shouldShowAlert: true, // expect: deprecated-should-show-alert
  shouldPlaySound: true,
  shouldSetBadge: false,
};

export const SILENT = {
  shouldShowAlert: false, // expect: deprecated-should-show-alert
  shouldPlaySound: false,
  shouldSetBadge: false,
} satisfies NotificationBehavior;

export const BADGE_ONLY = {
  shouldShowAlert: false, // expect: deprecated-should-show-alert
  shouldPlaySound: false,
  shouldSetBadge: true,
} as Notifications.NotificationBehavior;

// Half-way through the SDK 53 migration: the new keys are there, the old one was left behind.
export const BANNER_ONLY = {
  shouldShowAlert: true, // expect: deprecated-should-show-alert
  shouldShowBanner: true,
  shouldShowList: false,
  shouldPlaySound: false,
  shouldSetBadge: false,
} satisfies NotificationBehavior;

export const LIST_ONLY: NotificationBehavior = {
  shouldShowBanner: false,
  shouldShowList: true,
  shouldPlaySound: false,
  shouldSetBadge: true,
};

// Maps settings saved by app version 1.x to the current preference names. Not a behavior.
export const LEGACY_PREFERENCE_KEYS = {
  shouldShowAlert: 'showBanners',
  shouldPlaySound: 'playSounds',
};
