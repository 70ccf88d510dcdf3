import * as Notifications from 'expo-notifications';

import { featureFlags } from '../config/featureFlags';

// Quiet start after sign-up.
export function requestQuietStart() {
  return Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: {
      allowAlert: true,
      allowSound: true,
      allowBadge: true, // expect: badge-in-provisional-request
      allowProvisional: true,
    },
  });
}

// The unread counter is behind a flag; the request itself is always provisional.
export function requestQuietWithCounter() {
  return Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: {
      allowAlert: true,
      allowProvisional: true,
      allowBadge: featureFlags.unreadBadge, // expect: badge-in-provisional-request
    },
  });
}

// First launch goes provisional; later launches ask for everything.
export function requestOnLaunch(isFirstLaunch: boolean) {
  return Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: {
      allowAlert: true,
      allowSound: true,
      allowBadge: true, // expect: badge-in-provisional-request
      allowProvisional: isFirstLaunch,
    },
  });
}

// Badge explicitly off in the quiet request: nothing to report.
export function requestQuietNoBadge() {
  return Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: { allowAlert: true, allowSound: true, allowBadge: false, allowProvisional: true },
  });
}

// The full dialog, on purpose: the badge can be granted here.
export function requestEverything() {
  return Notifications.requestPermissionsAsync({
    ios: { allowAlert: true, allowSound: true, allowBadge: true, allowProvisional: false },
  });
}
