import * as Notifications from 'expo-notifications';
import Constants from 'expo-constants';

export type PromptMode = 'provisional' | 'full';

const projectId = Constants.expoConfig?.extra?.eas?.projectId ?? Constants.easConfig?.projectId;

// The write-up's first draft: the mode decides the kind of request, but nothing asks whether this
// device was ever asked. An authorized device gains nothing; a denied one just gets DENIED back.
export async function registerForPushAsync(mode: PromptMode) {
  const settings = await Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: { allowAlert: true, allowSound: true, allowProvisional: mode === 'provisional' },
  });
  if (settings.ios?.status === Notifications.IosAuthorizationStatus.DENIED) return null;
  return (await Notifications.getExpoPushTokenAsync({ projectId })).data;
}

// The roll-out advice applied: only a device that was never asked gets the request.
export async function registerForPushAsyncGuarded(mode: PromptMode) {
  const current = await Notifications.getPermissionsAsync();
  if (current.ios?.status === Notifications.IosAuthorizationStatus.DENIED) return null;
  if (current.ios?.status === Notifications.IosAuthorizationStatus.NOT_DETERMINED) {
    await Notifications.requestPermissionsAsync({
      ios: { allowAlert: true, allowSound: true, allowProvisional: mode === 'provisional' },
    });
  }
  return (await Notifications.getExpoPushTokenAsync({ projectId })).data;
}

// Early-exit form of the same guard, with the mode choosing between two option objects.
export async function registerForPushAsyncEarlyExit(mode: PromptMode) {
  const current = await Notifications.getPermissionsAsync();
  // Android has no `ios` settings and still needs its request.
  if (current.ios && current.ios.status !== Notifications.IosAuthorizationStatus.NOT_DETERMINED) {
    return current.ios.status === Notifications.IosAuthorizationStatus.DENIED ? null : projectId;
  }
  await Notifications.requestPermissionsAsync(
    mode === 'provisional'
      ? { ios: { allowAlert: true, allowProvisional: true } }
      : { ios: { allowAlert: true, allowSound: true, allowProvisional: false } },
  );
  return projectId;
}
