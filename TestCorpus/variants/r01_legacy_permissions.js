// EXPECT: nothing (expo-permissions legacy API out of scope), though expo-notifications imported
import * as Notifications from 'expo-notifications';
import * as Permissions from 'expo-permissions';

export async function register() {
  const { status: existingStatus } = await Permissions.getAsync(Permissions.NOTIFICATIONS);
  let finalStatus = existingStatus;
  if (existingStatus !== 'granted') {
    const { status } = await Permissions.askAsync(Permissions.NOTIFICATIONS);
    finalStatus = status;
  }
  if (finalStatus !== 'granted') return;
  return (await Notifications.getExpoPushTokenAsync()).data; // expect: push-token-without-project-id
}
