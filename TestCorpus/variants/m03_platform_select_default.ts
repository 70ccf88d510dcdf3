// EXPECT: PBC in default (covers iOS), none in android
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

export const isEnabled = Platform.select({
  android: async () => (await Notifications.getPermissionsAsync()).granted,
  default: async () => (await Notifications.getPermissionsAsync()).granted, // expect: provisional-blind-check
});
