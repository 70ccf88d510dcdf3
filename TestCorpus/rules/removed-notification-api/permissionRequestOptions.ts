// expect-project-note: channel-after-permission-request
import * as Notifications from 'expo-notifications';

import { presentNotificationAsync } from './inAppToast';

// Announcements (Siri reading notifications aloud) can no longer be requested; the key is ignored.
export async function requestWithAnnouncements(): Promise<Notifications.NotificationPermissionsStatus> {
  return Notifications.requestPermissionsAsync({
    ios: {
      allowAlert: true,
      allowSound: true,
      allowAnnouncements: true, // expect: removed-notification-api
      allowProvisional: false,
    },
  });
}

export async function requestStandard(): Promise<Notifications.NotificationPermissionsStatus> {
  return Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: { allowAlert: true, allowSound: true, allowCriticalAlerts: false, allowProvisional: true },
  });
}

// A local in-app toast helper that happens to share the old expo name.
export async function showSavedToast(): Promise<void> {
  await presentNotificationAsync({ title: 'Saved', body: 'Your changes are saved.' });
}
