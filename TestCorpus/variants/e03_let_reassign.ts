// EXPECT: PBC on perm.status !== 'granted' and return perm.granted
import * as Notifications from 'expo-notifications';

export async function ensure() {
  let perm = await Notifications.getPermissionsAsync();
  if (perm.status !== 'granted') { // expect: provisional-blind-check
    perm = await Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowSound: true, allowProvisional: false } }); // expect: request-when-denied
  }
  return perm.granted; // expect: provisional-blind-check
}
