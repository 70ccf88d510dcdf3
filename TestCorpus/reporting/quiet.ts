import * as Notifications from 'expo-notifications';

// Onboarding asks quietly first: this request is what makes provisional devices possible.
export async function askQuietly() {
  const current = await Notifications.getPermissionsAsync();
  if (current.ios?.status !== Notifications.IosAuthorizationStatus.NOT_DETERMINED) return current;
  return Notifications.requestPermissionsAsync({ ios: { allowProvisional: true, allowAlert: true, allowSound: true } }); // expect: request-when-denied
}
