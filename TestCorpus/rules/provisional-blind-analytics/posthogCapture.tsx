import { useEffect } from 'react';
import { usePostHog } from 'posthog-react-native';
import * as Notifications from 'expo-notifications';

export function usePushPermissionCapture(): void {
  const posthog = usePostHog();
  useEffect(() => {
    Notifications.getPermissionsAsync().then(({ status }) => {
      posthog.capture('push_permission', { enabled: status === 'granted' }); // expect: provisional-blind-analytics
    });
  }, [posthog]);
}

export function useIdentifyWithPush(userId: string): void {
  const posthog = usePostHog();
  useEffect(() => {
    Notifications.getPermissionsAsync().then((settings) => {
      posthog.identify(userId, { push_granted: settings.granted }); // expect: provisional-blind-analytics
    });
  }, [posthog, userId]);
}

// The iOS status travels along: not reported.
export function useIdentifyWithPushDetailed(userId: string): void {
  const posthog = usePostHog();
  useEffect(() => {
    Notifications.getPermissionsAsync().then((settings) => {
      posthog.identify(userId, { push_status: settings.status, push_ios_status: settings.ios?.status });
    });
  }, [posthog, userId]);
}
