import messaging from '@react-native-firebase/messaging';
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

const MAX_ATTEMPTS = 3;

export function needsAndroidRuntimePrompt(): boolean {
  return Platform.OS === 'android' && Platform.Version >= 33;
}

// Sends a support snapshot; none of the numbers here is compared with a raw status but one.
export async function uploadPushDiagnostics(endpoint: string): Promise<boolean> {
  const settings = await Notifications.getPermissionsAsync();
  const badgeCount = await Notifications.getBadgeCountAsync();
  const firebaseStatus = await messaging().hasPermission();
  const body = JSON.stringify({
    iosStatus: settings.ios?.status ?? null,
    canAskAgain: settings.canAskAgain,
    firebaseStatus,
    firebaseBlocked: firebaseStatus === 0, // expect: numeric-authorization-status
    hasBadge: badgeCount > 0,
    os: `${Platform.OS} ${Platform.Version}`,
  });

  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    if (response.status === 200) return true;
    if (response.status >= 400 && response.status < 500) return false;
  }
  return false;
}
