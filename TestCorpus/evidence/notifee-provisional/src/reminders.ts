import notifee, { AuthorizationStatus } from '@notifee/react-native';

export async function showReminder(title: string, body: string): Promise<void> {
  const settings = await notifee.getNotificationSettings();
  if (settings.authorizationStatus !== AuthorizationStatus.AUTHORIZED) { // expect: provisional-blind-check=error
    return;
  }
  await notifee.displayNotification({ title, body });
}
