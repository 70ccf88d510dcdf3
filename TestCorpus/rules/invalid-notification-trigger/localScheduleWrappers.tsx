import * as Notifications from 'expo-notifications';
import { useEffect } from 'react';

import { scheduleNotificationAsync } from './localScheduler';

// Another module's function with the same name: its triggers follow its own rules.
export function useLocalReminder(title: string): void {
  useEffect(() => {
    void scheduleNotificationAsync({ content: { title }, trigger: { seconds: 30 } });
  }, [title]);
}

// A helper that builds the request: the trigger is not visible at the call.
function buildRequest(title: string): Notifications.NotificationRequestInput {
  return { content: { title }, trigger: { seconds: 30 } };
}

export function useBuiltReminder(title: string): void {
  useEffect(() => {
    void Notifications.scheduleNotificationAsync(buildRequest(title));
  }, [title]);
}

// expo's own call inside the component: reported.
export function useOnboardingNudge(): void {
  useEffect(() => {
    const request = {
      content: { title: 'Finish setting up your profile' },
      trigger: { seconds: 60 * 60 * 24 }, // expect: invalid-notification-trigger
    };
    void Notifications.scheduleNotificationAsync(request);
  }, []);
}
