import * as Notifications from 'expo-notifications';

import { analytics } from '../services/analytics';

const QUIET_PERMISSION_REQUEST = {
  ios: {
    allowAlert: true,
    allowBadge: true, // expect: badge-in-provisional-request
    allowSound: true,
    allowProvisional: true,
  },
};

const ORDER_UPDATES_REQUEST = {
  ios: {
    allowAlert: true,
    allowSound: true,
    allowProvisional: true,
  },
};

export async function registerQuietly(projectId: string) {
  // Analytics payload, not request options: the same key names mean nothing here.
  analytics.track('notification_prompt', { allowProvisional: true, allowBadge: true });
  await Notifications.requestPermissionsAsync(QUIET_PERMISSION_REQUEST); // expect: unguarded-provisional-request
  const token = await Notifications.getExpoPushTokenAsync({ projectId });
  return token.data;
}

export async function registerForOrderUpdates() {
  return Notifications.requestPermissionsAsync(ORDER_UPDATES_REQUEST); // expect: unguarded-provisional-request
}

// No allowProvisional at all: the badge can be granted, but this is the full dialog.
export async function registerForChat() {
  return Notifications.requestPermissionsAsync({ // expect: missing-allow-provisional
    ios: { allowAlert: true, allowBadge: true, allowSound: true },
  });
}
