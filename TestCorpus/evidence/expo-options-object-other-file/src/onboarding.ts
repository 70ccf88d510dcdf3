import * as Notifications from 'expo-notifications';

import { notificationRequestOptions } from './config';

export async function finishOnboarding(): Promise<void> {
  const settings = await Notifications.getPermissionsAsync();
  if (settings.ios?.status !== Notifications.IosAuthorizationStatus.NOT_DETERMINED) return;
  await Notifications.requestPermissionsAsync(notificationRequestOptions); // evidence-site // expect: request-when-denied
}
