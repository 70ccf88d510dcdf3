import * as Notifications from 'expo-notifications';

// Dead code kept for an experiment: the configuration says the app never asks provisionally.
export async function askQuietly() {
  const current = await Notifications.getPermissionsAsync();
  if (current.ios?.status !== Notifications.IosAuthorizationStatus.NOT_DETERMINED) return current;
  return Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } }); // evidence-site // expect: request-when-denied
}
