// EXPECT: PBC where helper returns status and caller compares (local flow) -- or at least in helper? helper only returns status, no comparison. caller compares -> PBC
import * as Notifications from 'expo-notifications';

async function getStatus() {
  const { status } = await Notifications.getPermissionsAsync();
  return status;
}
export async function canNotify() {
  const status = await getStatus();
  return status === 'granted'; // expect: provisional-blind-check
}
