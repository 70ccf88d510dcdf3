import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

import { readCachedSettings } from './settingsCache';

// The denial test reads a variable that holds the response on one path and a cached copy on the
// other: it is still a denial test, so the request is not reported (no finding when in doubt).
export async function askUnlessDenied(useCache: boolean): Promise<void> {
  let settings = await Notifications.getPermissionsAsync();
  if (useCache) {
    settings = await readCachedSettings();
  }
  if (settings.status === 'denied') return;
  await Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } });
}

// Straight-line: the test reads the cached copy only, which is not a permission response, so
// nothing here checks the real denial.
export async function askAfterCacheOnly(): Promise<void> {
  let settings = await Notifications.getPermissionsAsync();
  settings = await readCachedSettings();
  if (settings.status === 'denied') return;
  await Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } }); // expect: request-when-denied
}

// A platform flag that is set in a branch: still an Android test where it is true.
export async function askOnAndroidOnly(isAndroid: boolean): Promise<void> {
  let android = isAndroid;
  if (!android) {
    android = Platform.OS === 'android';
  }
  const { canAskAgain } = await Notifications.getPermissionsAsync();
  if (!canAskAgain) return;
  if (android) {
    await Notifications.requestPermissionsAsync();
  }
}
