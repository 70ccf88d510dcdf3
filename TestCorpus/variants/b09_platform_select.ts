// EXPECT: PBC in ios function of Platform.select, none in android one
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

export const check = Platform.select({
  ios: async () => (await Notifications.getPermissionsAsync()).granted, // expect: provisional-blind-check
  android: async () => (await Notifications.getPermissionsAsync()).granted,
});
