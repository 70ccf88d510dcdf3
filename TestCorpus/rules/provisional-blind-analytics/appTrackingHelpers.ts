import * as Notifications from 'expo-notifications';

import { captureOnboardingStep, identifyUser, logPushEvent, trackEvent } from '../services/analytics';

// The app's own analytics functions, named track…, log…Event, capture…, identify….
export async function onNotificationsStepShown(): Promise<void> {
  const { granted } = await Notifications.getPermissionsAsync();
  trackEvent('push_status', { granted }); // expect: provisional-blind-analytics
}

export async function onPromptAnswered(): Promise<void> {
  const response = await Notifications.requestPermissionsAsync({
    ios: { allowAlert: true, allowSound: true, allowProvisional: false },
  });
  logPushEvent('prompt_answered', response.status); // expect: provisional-blind-analytics
  captureOnboardingStep('notifications', {
    done: response.granted, // expect: provisional-blind-analytics
  });
}

export async function onSignIn(userId: string): Promise<void> {
  const { status } = await Notifications.getPermissionsAsync();
  identifyUser(userId, { pushStatus: status }); // expect: provisional-blind-analytics
}

