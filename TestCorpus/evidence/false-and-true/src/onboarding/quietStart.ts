import * as Notifications from 'expo-notifications';

// Onboarding starts quietly.
export async function startQuietly(): Promise<void> {
  const current = await Notifications.getPermissionsAsync();
  if (current.ios?.status !== Notifications.IosAuthorizationStatus.NOT_DETERMINED) return;
  await Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } }); // evidence-site // expect: request-when-denied
}
