import notifee, { AuthorizationStatus } from '@notifee/react-native';

export async function requestDisplayPermission(): Promise<boolean> {
  const settings = await notifee.requestPermission({ alert: true, sound: true, provisional: true }); // expect: unguarded-provisional-request
  return settings.authorizationStatus === AuthorizationStatus.AUTHORIZED; // expect: provisional-blind-check
}

export async function displayAllowed(): Promise<boolean> {
  const settings = await notifee.getNotificationSettings();
  return settings.authorizationStatus >= AuthorizationStatus.AUTHORIZED;
}

export async function remindersReady(): Promise<boolean> {
  return (await notifee.getNotificationSettings()).authorizationStatus === 1; // expect: numeric-authorization-status, provisional-blind-check
}

export async function deliveryStyle(): Promise<'quiet' | 'full' | 'off'> {
  const settings = await notifee.getNotificationSettings();
  if (settings.authorizationStatus === AuthorizationStatus.PROVISIONAL) return 'quiet';
  if (settings.authorizationStatus === AuthorizationStatus.AUTHORIZED) return 'full';
  return 'off';
}

export async function shouldOpenSettings(): Promise<boolean> {
  const { authorizationStatus } = await notifee.getNotificationSettings();
  return authorizationStatus === AuthorizationStatus.DENIED;
}

export async function showReminder(title: string, body: string): Promise<void> {
  const settings = await notifee.getNotificationSettings();
  if (settings.authorizationStatus !== AuthorizationStatus.AUTHORIZED) { // expect: provisional-blind-check
    return;
  }
  const channelId = await notifee.createChannel({ id: 'reminders', name: 'Reminders' });
  await notifee.displayNotification({ title, body, android: { channelId } });
}
