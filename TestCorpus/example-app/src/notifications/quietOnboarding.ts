import * as Notifications from 'expo-notifications';

/**
 * End of onboarding: start delivering quietly to Notification Center, with no prompt.
 * The user decides later, from a notification, whether to keep them.
 */
export async function startQuietDelivery() {
  return Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: {
      allowAlert: true,
      allowSound: true,
      allowBadge: true, // expect: badge-in-provisional-request
      allowProvisional: true,
    },
  });
}
