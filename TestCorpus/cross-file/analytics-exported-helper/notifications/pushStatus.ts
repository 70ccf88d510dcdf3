import * as Notifications from 'expo-notifications';

import { trackPushStatus } from '../analytics/pushEvents';

// Returns the root status; the caller in analytics/userProperties.ts sends it to Mixpanel.
export async function readPushStatus() {
  const { status } = await Notifications.getPermissionsAsync();
  return status;
}

// Read here, tracked through the exported helper of analytics/pushEvents.ts.
export async function reportPushStatusOnLaunch(): Promise<void> {
  const { status } = await Notifications.getPermissionsAsync();
  trackPushStatus(status); // expect: provisional-blind-analytics
}
