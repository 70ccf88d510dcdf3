// EXPECT: nothing (debug logging of granted, like spec's console.log('permission', granted) non-trigger)
import * as Notifications from 'expo-notifications';

export async function debug() {
  const { granted, status } = await Notifications.getPermissionsAsync();
  console.log({ granted, status });
  console.debug('[push] permission', { granted });
}
