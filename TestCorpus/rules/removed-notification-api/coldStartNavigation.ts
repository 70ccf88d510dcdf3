import { useEffect } from 'react';
import * as Notifications from 'expo-notifications';
import { router } from 'expo-router';

function openFromNotification(response: Notifications.NotificationResponse): void {
  const screen = response.notification.request.content.data?.screen;
  if (typeof screen === 'string') router.push(screen);
}

export async function handleColdStart(): Promise<void> {
  const response = await Notifications.getLastNotificationResponseAsync(); // expect: removed-notification-api
  if (response) {
    openFromNotification(response);
    await Notifications.clearLastNotificationResponseAsync(); // expect: removed-notification-api
  }
}

export function useColdStartFromPromise(): void {
  useEffect(() => {
    Notifications.getLastNotificationResponseAsync().then((response) => { // expect: removed-notification-api
      if (response) openFromNotification(response);
    });
  }, []);
}

// Current API: synchronous reads and the hook.
export function handleColdStartSync(): void {
  const response = Notifications.getLastNotificationResponse();
  if (response) {
    openFromNotification(response);
    Notifications.clearLastNotificationResponse();
  }
}

export function useNotificationDeepLinks(): void {
  const lastResponse = Notifications.useLastNotificationResponse();
  useEffect(() => {
    if (lastResponse) openFromNotification(lastResponse);
  }, [lastResponse]);
}
