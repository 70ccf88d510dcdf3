import * as Notifications from 'expo-notifications';

// The settings are read, then replaced by the request's response: the test reads the response.
export async function quietlyAuthorized(): Promise<boolean> {
  let settings = await Notifications.getPermissionsAsync();
  if (settings.canAskAgain) {
    settings = await Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } });
  }
  return settings.ios?.status === 3; // expect: numeric-authorization-status
}

// Reassigned from something else in a branch: the test is left alone.
export async function cachedAuthorized(readCache: () => Promise<{ ios?: { status: number } }>): Promise<boolean> {
  let settings: { ios?: { status: number } } = await Notifications.getPermissionsAsync();
  if (!settings.ios) {
    settings = await readCache();
  }
  return settings.ios?.status === 3;
}
