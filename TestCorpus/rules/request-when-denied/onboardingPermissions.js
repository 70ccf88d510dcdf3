// expect-project-note: channel-after-permission-request
import * as MediaLibrary from 'expo-media-library';
import * as Notifications from 'expo-notifications';
import { Alert, Linking } from 'react-native';

// Trip onboarding, step 3: "Get updates about your trip".
export async function askForTripUpdates() {
  const { granted } = await Notifications.getPermissionsAsync();
  if (!granted) { // expect: provisional-blind-check
    await Notifications.requestPermissionsAsync({ // expect: request-when-denied
      ios: { allowAlert: true, allowSound: true, allowProvisional: false },
    });
  }
}

export async function askForTripUpdatesPolitely() {
  const settings = await Notifications.getPermissionsAsync();
  if (settings.status === 'denied') {
    Alert.alert('Notifications are off', 'Turn them on in Settings to get trip updates.', [
      { text: 'Not now', style: 'cancel' },
      { text: 'Open Settings', onPress: () => Linking.openSettings() },
    ]);
    return false;
  }
  const result = await Notifications.requestPermissionsAsync({
    ios: { allowAlert: true, allowSound: true, allowProvisional: true },
  });
  return result.status !== 'denied';
}

// Asks first and reads the settings only afterwards, for the analytics event.
export async function askThenTrack(track) {
  await Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: { allowAlert: true, allowSound: true, allowProvisional: true },
  });
  const after = await Notifications.getPermissionsAsync();
  track('notification_permission', { status: after.status, iosStatus: after.ios?.status });
}

// Photos, not notifications: same function names, different module.
export async function askForPhotos() {
  const { status } = await MediaLibrary.getPermissionsAsync();
  if (status !== 'granted') {
    await MediaLibrary.requestPermissionsAsync();
  }
}
