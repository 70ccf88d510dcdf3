// EXPECT: PBC on status comparisons inside .then chains; MAP on request in then
import * as Notifications from 'expo-notifications';

export function register() {
  return Notifications.getPermissionsAsync()
    .then(({ status }) => {
      if (status !== 'granted') { // expect: provisional-blind-check
        return Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional
      }
      return { status };
    })
    .then(({ status }) => {
      if (status !== 'granted') throw new Error('Permission not granted'); // expect: provisional-blind-check
      return Notifications.getExpoPushTokenAsync({ projectId: 'p' });
    });
}
