// EXPECT: nothing (logging/analytics only? spec: stored into a property -> reported). console.log arg and template literal: nothing
import * as Notifications from 'expo-notifications';

export async function debug() {
  const { granted, status } = await Notifications.getPermissionsAsync();
  console.log(`push permission: ${status} granted=${granted}`);
  console.log('granted', granted);
}
