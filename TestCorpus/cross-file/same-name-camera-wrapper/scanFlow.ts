import * as Notifications from 'expo-notifications';

import { getPermissionsAsync, requestPermissionsAsync } from './cameraPermissions';

export async function startScan(): Promise<boolean> {
  const { status, canAskAgain } = await getPermissionsAsync();
  if (status !== 'granted') {
    if (!canAskAgain) return false;
    const next = await requestPermissionsAsync();
    if (!next.granted) return false;
  }
  await Notifications.scheduleNotificationAsync({
    content: { title: 'Scanner ready', body: 'Point the camera at a QR code.' },
    trigger: null,
  });
  return true;
}

export async function cameraAllowed(): Promise<boolean> {
  const { granted } = await getPermissionsAsync();
  return granted;
}
