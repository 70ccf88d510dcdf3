// EXPECT: PBC + MAP; module loaded lazily in try (Expo Go guard)
let Notifications: typeof import('expo-notifications') | null = null;
try {
  Notifications = require('expo-notifications');
} catch {}

export async function ensure() {
  if (!Notifications) return false;
  const { granted } = await Notifications.getPermissionsAsync();
  if (!granted) { // expect: provisional-blind-check
    const res = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
    return res.granted; // expect: provisional-blind-check
  }
  return true;
}
