import {
  getPermissionsAsync,
  requestPermissionsAsync as requestNotificationPermissions,
} from 'expo-notifications';
import type { NotificationPermissionsRequest, NotificationPermissionsStatus } from 'expo-notifications';

import { basePermissionRequest, criticalAlertsIos } from '../config/notifications';
import { permissionRequestFromFlags } from '../config/remoteFlags';

/**
 * Every notification prompt in the app goes through here so analytics sees each one.
 */
export const notificationPermissionService = {
  current(): Promise<NotificationPermissionsStatus> {
    return getPermissionsAsync();
  },

  // Legacy welcome flow. An empty object asks for alert + badge + sound on iOS.
  requestDefault() {
    return requestNotificationPermissions({}); // expect: missing-allow-provisional
  },

  // Written with Android in mind, but on iOS this is still the full dialog.
  requestForChannels() {
    return requestNotificationPermissions({ android: {} }); // expect: missing-allow-provisional
  },

  requestQuietly() {
    return requestNotificationPermissions({ // expect: unguarded-provisional-request
      ios: { allowAlert: true, allowSound: true, allowProvisional: true },
    });
  },

  // "Turn on alerts" button: the user asked for the real dialog on purpose.
  requestFull() {
    return requestNotificationPermissions({
      ios: { allowAlert: true, allowBadge: true, allowSound: true, allowProvisional: false },
    });
  },

  // The caller decides what to ask for.
  request(options: NotificationPermissionsRequest) {
    return requestNotificationPermissions(options);
  },

  requestWithDefaults() {
    return requestNotificationPermissions({ ...basePermissionRequest });
  },

  requestCriticalAlerts() {
    return requestNotificationPermissions({
      ios: { ...criticalAlertsIos, allowCriticalAlerts: true },
    });
  },

  requestFromRemoteConfig() {
    return requestNotificationPermissions(permissionRequestFromFlags());
  },
};
