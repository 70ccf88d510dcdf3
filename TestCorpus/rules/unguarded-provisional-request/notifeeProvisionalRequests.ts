import notifee, { AuthorizationStatus } from '@notifee/react-native';

// Asked whenever a reminder is created.
export async function requestReminderPermission(): Promise<boolean> {
  const settings = await notifee.requestPermission({ alert: true, sound: true, provisional: true }); // expect: unguarded-provisional-request
  return settings.authorizationStatus >= AuthorizationStatus.AUTHORIZED;
}

// Only when the device was never asked.
export async function requestReminderPermissionOnce() {
  const settings = await notifee.getNotificationSettings();
  if (settings.authorizationStatus === AuthorizationStatus.NOT_DETERMINED) {
    await notifee.requestPermission({ alert: true, provisional: true });
  }
}

// AUTHORIZED alone: a declined device goes on to the request.
export async function requestUnlessAuthorized() {
  const { authorizationStatus } = await notifee.getNotificationSettings();
  if (authorizationStatus === AuthorizationStatus.AUTHORIZED) return; // expect: provisional-blind-check
  await notifee.requestPermission({ provisional: true }); // expect: unguarded-provisional-request
}

// The provisional-aware "delivering" test alone is no guard either.
export async function requestUnlessDelivering() {
  const settings = await notifee.getNotificationSettings();
  if (settings.authorizationStatus >= AuthorizationStatus.AUTHORIZED) return;
  await notifee.requestPermission({ provisional: true }); // expect: unguarded-provisional-request
}

// Declined devices are sent to Settings instead.
export async function requestUnlessDeclined() {
  const settings = await notifee.getNotificationSettings();
  if (settings.authorizationStatus === AuthorizationStatus.DENIED) {
    await notifee.openNotificationSettings();
    return;
  }
  if (settings.authorizationStatus >= AuthorizationStatus.AUTHORIZED) return;
  await notifee.requestPermission({ alert: true, provisional: true });
}
