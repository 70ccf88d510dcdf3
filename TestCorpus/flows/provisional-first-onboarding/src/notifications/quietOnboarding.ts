import * as Notifications from 'expo-notifications';
import { IosAuthorizationStatus } from 'expo-notifications';
import { Platform } from 'react-native';

/**
 * First launch: start delivering quietly to Notification Center, with no prompt.
 * iOS grants provisional authorization only to an app that has never asked, so we
 * ask only while the system still says NOT_DETERMINED.
 */
export async function requestQuietPermissionOnFirstLaunch(): Promise<boolean> {
  const settings = await Notifications.getPermissionsAsync();
  if (settings.granted || settings.ios?.status === IosAuthorizationStatus.PROVISIONAL) {
    return true;
  }

  if (Platform.OS === 'ios' && settings.ios?.status === IosAuthorizationStatus.NOT_DETERMINED) {
    const result = await Notifications.requestPermissionsAsync({ // expect: request-when-denied
      ios: { allowAlert: true, allowSound: true, allowProvisional: true },
    });
    return result.granted || result.ios?.status === IosAuthorizationStatus.PROVISIONAL;
  }

  // Android has no quiet mode, and a declined user is not asked here: the settings
  // screen offers the full prompt later.
  return false;
}
