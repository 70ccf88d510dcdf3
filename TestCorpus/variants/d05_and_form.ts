// EXPECT: nothing (correct && combination)
import * as Notifications from 'expo-notifications';

export async function register() {
  const { status, ios } = await Notifications.getPermissionsAsync();
  if (status !== 'granted' && ios?.status !== Notifications.IosAuthorizationStatus.PROVISIONAL) {
    await Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } }); // expect: request-when-denied, unguarded-provisional-request
  }
}
