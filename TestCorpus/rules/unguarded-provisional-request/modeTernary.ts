import * as Notifications from 'expo-notifications';
import { IosAuthorizationStatus } from 'expo-notifications';

type PromptMode = 'provisional' | 'full';

// The mode picks the options; the device's state is never looked at.
export function requestForMode(mode: PromptMode) {
  return Notifications.requestPermissionsAsync( // expect: unguarded-provisional-request
    mode === 'provisional'
      ? { ios: { allowAlert: true, allowProvisional: true } }
      : { ios: { allowAlert: true, allowSound: true, allowProvisional: false } },
  );
}

// A ternary on the mode around the call tests the mode, not the device.
export function requestQuietlyInProvisionalMode(mode: PromptMode) {
  return mode === 'provisional'
    ? Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowProvisional: true } }) // expect: unguarded-provisional-request
    : null;
}

// Both branches full: nothing provisional to guard.
export function requestFullForMode(mode: PromptMode) {
  return Notifications.requestPermissionsAsync(
    mode === 'provisional'
      ? { ios: { allowAlert: true, allowProvisional: false } }
      : { ios: { allowAlert: true, allowSound: true, allowProvisional: false } },
  );
}

// A ternary on the device's state around the call.
export async function registerForPushAsync(mode: PromptMode) {
  const settings = await Notifications.getPermissionsAsync();
  return settings.canAskAgain && settings.ios?.status === IosAuthorizationStatus.NOT_DETERMINED
    ? Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowProvisional: mode === 'provisional' } })
    : settings;
}

// `&&` as the guard.
export async function registerQuietly(mode: PromptMode) {
  const { ios, canAskAgain } = await Notifications.getPermissionsAsync();
  return canAskAgain && ios?.status === IosAuthorizationStatus.NOT_DETERMINED && Notifications.requestPermissionsAsync({
    ios: { allowAlert: true, allowSound: mode === 'full', allowProvisional: mode === 'provisional' },
  });
}
