// EXPECT: BADGE (allowProvisional: expression, allowBadge: true)
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

export const ask = (quiet: boolean) =>
  Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: {
      allowAlert: true,
      allowBadge: true, // expect: badge-in-provisional-request
      allowSound: true,
      allowProvisional: quiet && Platform.OS === 'ios',
    },
  });
