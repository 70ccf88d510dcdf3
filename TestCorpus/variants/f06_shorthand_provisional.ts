// EXPECT: nothing MAP; BADGE? allowBadge: true & allowProvisional shorthand (any expression) -> BADGE
import * as Notifications from 'expo-notifications';

export async function ask(allowProvisional: boolean) {
  return Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: { allowAlert: true, allowBadge: true, allowProvisional }, // expect: badge-in-provisional-request
  });
}
