import * as Notifications from 'expo-notifications';

// Asks quietly (delivered to Notification Center without a prompt), then reads only the root status.
export async function enableQuietNotifications(): Promise<boolean> {
  const current = await Notifications.getPermissionsAsync();
  if (current.ios?.status === Notifications.IosAuthorizationStatus.NOT_DETERMINED) {
    const { status } = await Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowProvisional: true } }); // evidence-site // expect: request-when-denied
    return status === 'granted'; // expect: provisional-blind-check=error
  }
  return current.granted; // expect: provisional-blind-check=error
}
