// EXPECT: nothing from PBC (root not used; ios.status === AUTHORIZED only is provisional-blind but not this rule's scope)
import * as Notifications from 'expo-notifications';

export async function check() {
  const p = await Notifications.getPermissionsAsync();
  return p.ios?.status === Notifications.IosAuthorizationStatus.AUTHORIZED;
}
