import { requestPermissionsAsync } from 'expo-notifications';

export type PromptMode = 'provisional' | 'full';

// Mutually exclusive: a provisional request never asks for the badge.
export function requestForMode(mode: PromptMode) {
  return requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: {
      allowAlert: true,
      allowSound: true,
      allowProvisional: mode === 'provisional',
      allowBadge: mode === 'full',
    },
  });
}

// Also exclusive: one flag and its negation.
export function requestForQuietSetting(quiet: boolean) {
  return requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: { allowAlert: true, allowProvisional: quiet, allowBadge: !quiet },
  });
}

// The very same value drives both keys, so a quiet request also asks for the badge.
export function requestWithQuietToggle(quiet: boolean) {
  return requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: {
      allowAlert: true,
      allowProvisional: quiet,
      allowBadge: quiet, // expect: badge-in-provisional-request
    },
  });
}

// Two unrelated settings: the tool cannot tell whether both are ever true together.
export function requestFromPreferences(prefs: { quietStart: boolean; showUnreadCount: boolean }) {
  return requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: {
      allowAlert: true,
      allowProvisional: prefs.quietStart,
      allowBadge: prefs.showUnreadCount,
    },
  });
}
