// EXPECT: BADGE via const options passed to the hook
import * as Notifications from 'expo-notifications';

const PERMISSION_OPTIONS: Notifications.NotificationPermissionsRequest = {
  ios: { allowAlert: true, allowSound: true, allowBadge: true, allowProvisional: true }, // expect: badge-in-provisional-request
};
export function useNotificationPermission() {
  return Notifications.usePermissions(PERMISSION_OPTIONS);
}
