// EXPECT: PBC (wrong-way || combination, via if)
import * as Notifications from 'expo-notifications';

export async function prompt() {
  const { status, ios } = await Notifications.getPermissionsAsync();
  if (status !== 'granted' || ios?.status !== Notifications.IosAuthorizationStatus.PROVISIONAL) { // expect: provisional-blind-check
    await Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } }); // expect: request-when-denied, unguarded-provisional-request
  }
}
