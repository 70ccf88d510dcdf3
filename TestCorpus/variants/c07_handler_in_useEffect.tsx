// EXPECT: SSA inside useEffect, handler object built as const
import { useEffect } from 'react';
import * as Notifications from 'expo-notifications';

export function useForegroundNotifications(show: boolean) {
  useEffect(() => {
    const handler = {
      handleNotification: async () => ({
        shouldShowAlert: show, // expect: deprecated-should-show-alert
        shouldPlaySound: show,
        shouldSetBadge: false,
      }),
    };
    Notifications.setNotificationHandler(handler);
    return () => Notifications.setNotificationHandler(null);
  }, [show]);
}
