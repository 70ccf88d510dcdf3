// Exercises removed-notification-api on ref listeners removed behind a guard (`if (ref.current) …`, `ref.current && …`).
import { useEffect, useRef } from 'react';
import * as Notifications from 'expo-notifications';

export function useNotificationRouting(navigate: (screen: string, params: Record<string, unknown>) => void): void {
  const notificationListener = useRef<Notifications.Subscription>();
  const responseListener = useRef<Notifications.Subscription>();

  useEffect(() => {
    notificationListener.current = Notifications.addNotificationReceivedListener(() => {
      // Foreground notifications are shown by the handler; nothing to route.
    });
    responseListener.current = Notifications.addNotificationResponseReceivedListener((response) => {
      const { data } = response.notification.request.content;
      if (typeof data.screen === 'string') navigate(data.screen, data);
    });

    return () => {
      if (notificationListener.current) Notifications.removeNotificationSubscription(notificationListener.current); // expect: removed-notification-api
      responseListener.current && Notifications.removeNotificationSubscription(responseListener.current); // expect: removed-notification-api
    };
  }, [navigate]);
}
