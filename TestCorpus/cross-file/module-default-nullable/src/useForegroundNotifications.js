// A .js file imports the nullable module from the .ts file above; every rule sees through it.
import { useEffect } from 'react';
import Notifications from '../lib/expoNotifications';

export function useForegroundNotifications(muted) {
  useEffect(() => {
    if (Notifications) {
      Notifications.setNotificationHandler({
        handleNotification: async () => {
          return { shouldShowAlert: !muted, shouldPlaySound: false, shouldSetBadge: false }; // expect: deprecated-should-show-alert
        },
      });
    }
  }, [muted]);
}

export async function canNotify() {
  if (!Notifications) return false;
  const { status } = await Notifications.getPermissionsAsync();
  return status === 'granted'; // expect: provisional-blind-check
}
