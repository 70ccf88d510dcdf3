// EXPECT: PBC on p?.status !== 'granted' (helper with try/catch returning response or null)
import * as Notifications from 'expo-notifications';

async function safeGetPermissions() {
  try {
    return await Notifications.getPermissionsAsync();
  } catch (e) {
    return null;
  }
}
export async function register() {
  const p = await safeGetPermissions();
  if (p?.status !== 'granted') return; // expect: provisional-blind-check
}
