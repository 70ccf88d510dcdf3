// EXPECT: nothing for canAskAgain / denied checks; PBC for status undetermined
import * as Notifications from 'expo-notifications';
import { Linking } from 'react-native';

export async function openIfDenied() {
  const { status, canAskAgain } = await Notifications.getPermissionsAsync();
  if (status === 'denied' && !canAskAgain) Linking.openSettings();
  if (status === 'undetermined') { // expect: provisional-blind-check
    await Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } });
  }
}
