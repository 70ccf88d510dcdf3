import * as Notifications from 'expo-notifications';

export async function onboardQuietly() {
  const current = await Notifications.getPermissionsAsync();
  if (current.ios?.status !== Notifications.IosAuthorizationStatus.NOT_DETERMINED) return current;
  return Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } }); // evidence-site // expect: request-when-denied
}
