// EXPECT: PBC on `granted: status === 'granted'` and on `enabled: granted` (object property)
import * as Notifications from 'expo-notifications';

export async function getPushState() {
  const { status, granted } = await Notifications.getPermissionsAsync();
  return {
    granted: status === 'granted', // expect: provisional-blind-check
    enabled: granted, // expect: provisional-blind-check
    status,
  };
}
