import * as Notifications from 'expo-notifications';
import { useEffect } from 'react';

/**
 * Whether notifications are on. Asks once on mount if the user has not decided yet;
 * a user who declined is never nagged from here.
 */
export function useNotificationPermission(): boolean {
  const [permission, requestPermission] = Notifications.usePermissions({
    ios: { allowAlert: true, allowBadge: true, allowSound: true },
  });

  useEffect(() => {
    if (permission && permission.status !== 'granted' && permission.canAskAgain) { // expect: provisional-blind-check
      requestPermission();
    }
  }, [permission, requestPermission]);

  return permission?.status === 'granted'; // expect: provisional-blind-check
}
