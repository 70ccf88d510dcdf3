// EXPECT: MAP (after `if (Platform.OS !== 'ios') return`, the rest is iOS)
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

export async function ask() {
  if (Platform.OS !== 'ios') return;
  await Notifications.requestPermissionsAsync({ ios: { allowAlert: true } }); // expect: missing-allow-provisional
}
