// EXPECT: MAP on optional-call request and on `this`-bound class property
import * as Notifications from 'expo-notifications';

export class Perms {
  ask = () => Notifications.requestPermissionsAsync?.(); // expect: missing-allow-provisional
}
export const ask2 = async () => await Notifications?.requestPermissionsAsync({}); // expect: missing-allow-provisional
