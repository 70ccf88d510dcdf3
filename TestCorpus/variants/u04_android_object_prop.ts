// EXPECT: nothing (Platform.select with android key holding object with value)
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

export async function info() {
  const { granted, ios } = await Notifications.getPermissionsAsync();
  return Platform.select({
    android: { enabled: granted },
    ios: { enabled: ios?.status === 2 || ios?.status === 3 }, // expect: numeric-authorization-status, numeric-authorization-status
  });
}
