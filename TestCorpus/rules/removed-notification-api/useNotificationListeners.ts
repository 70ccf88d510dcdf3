import { useEffect, useRef } from 'react';
import type { EventSubscription } from 'expo-modules-core';
import * as Notifications from 'expo-notifications';
import {
  addNotificationResponseReceivedListener,
  removeNotificationSubscription,
} from 'expo-notifications';
import { router } from 'expo-router';

export function useNotificationListeners(onToken: (token: string) => void): void {
  const receivedRef = useRef<EventSubscription | null>(null);

  useEffect(() => {
    receivedRef.current = Notifications.addNotificationReceivedListener((notification) => {
      console.log('[push] received', notification.request.identifier);
    });
    const responseSub = Notifications.addNotificationResponseReceivedListener((response) => {
      const url = response.notification.request.content.data?.url;
      if (typeof url === 'string') router.push(url);
    });
    const tokenSub = Notifications.addPushTokenListener(({ data }) => onToken(String(data)));

    return () => {
      if (receivedRef.current) {
        Notifications.removeNotificationSubscription(receivedRef.current); // expect: removed-notification-api
      }
      Notifications.removeNotificationSubscription(responseSub); // expect: removed-notification-api
      Notifications.removePushTokenSubscription(tokenSub); // expect: removed-notification-api
    };
  }, [onToken]);
}

export function useChatDeepLinks(openThread: (threadId: string) => void): void {
  useEffect(() => {
    const subscription = addNotificationResponseReceivedListener((response) => {
      const threadId = response.notification.request.content.data?.threadId;
      if (typeof threadId === 'string') openThread(threadId);
    });
    return () => removeNotificationSubscription(subscription); // expect: removed-notification-api
  }, [openThread]);
}

// The SDK 54 way: each subscription removes itself.
export function useForegroundLogger(): void {
  useEffect(() => {
    const received = Notifications.addNotificationReceivedListener((notification) => {
      console.log('[push] foreground', notification.request.content.title);
    });
    const token = Notifications.addPushTokenListener(() => console.log('[push] token rotated'));
    return () => {
      received.remove();
      token.remove();
    };
  }, []);
}
