// EXPECT: PBC on notif.granted from Promise.all destructure
import * as Notifications from 'expo-notifications';
import * as Location from 'expo-location';

export async function checkAll() {
  const [notif, loc] = await Promise.all([
    Notifications.getPermissionsAsync(),
    Location.getForegroundPermissionsAsync(),
  ]);
  return { notifications: notif.granted, location: loc.granted }; // expect: provisional-blind-check
}
