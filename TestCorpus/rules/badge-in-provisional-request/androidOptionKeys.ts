import * as Notifications from 'expo-notifications';

// Options shared by the cross-platform settings screen. Only the `ios` options count: Android has
// neither a badge permission nor provisional authorization, and ignores these keys.
export function requestFromSettingsScreen() {
  return Notifications.requestPermissionsAsync({
    android: { allowBadge: true, allowProvisional: true },
    ios: { allowAlert: true, allowSound: true, allowBadge: true, allowProvisional: false },
  });
}

// The badge asked for under `android` only, next to a quiet iOS request.
export function requestQuietOnIos() {
  return Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
    android: { allowBadge: true },
    ios: { allowAlert: true, allowProvisional: true },
  });
}

// Both keys under `android` and no `ios` options: iOS gets the full dialog, unsaid.
export const requestWithAndroidKeysOnly = () =>
  Notifications.requestPermissionsAsync({ android: { allowBadge: true, allowProvisional: true } }); // expect: missing-allow-provisional

// Kept in a constant, `ios` written after `android`.
const CROSS_PLATFORM_REQUEST = {
  android: { allowBadge: true, allowProvisional: true },
  ios: { allowAlert: true, allowSound: true, allowProvisional: true },
};

export const requestCrossPlatform = () => Notifications.requestPermissionsAsync(CROSS_PLATFORM_REQUEST); // expect: unguarded-provisional-request

// The hook, with the same split.
export function useCrossPlatformPermission() {
  return Notifications.usePermissions({
    ios: { allowAlert: true, allowProvisional: false },
    android: { allowBadge: true, allowProvisional: true },
  });
}

// Both keys under `ios`: reported as always, whatever `android` says.
export function requestQuietWithBadge() {
  return Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
    android: {},
    ios: {
      allowAlert: true,
      allowBadge: true, // expect: badge-in-provisional-request
      allowProvisional: true,
    },
  });
}
