import * as Notifications from 'expo-notifications';

// The one place the app asks: provisionally, so nobody sees a prompt at launch.
export async function requestQuietPermission() {
  const settings = await Notifications.getPermissionsAsync();
  if (settings.ios?.status !== Notifications.IosAuthorizationStatus.NOT_DETERMINED) return settings;
  return Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowSound: true, allowProvisional: true } }); // evidence-site // expect: request-when-denied
}
