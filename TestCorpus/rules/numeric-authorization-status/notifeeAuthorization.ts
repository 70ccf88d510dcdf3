import notifee, { AuthorizationStatus } from '@notifee/react-native';

// Notifee: -1 not determined, 0 denied, 1 authorized, 2 provisional.

export async function requestDisplayPermission(): Promise<boolean> {
  const settings = await notifee.requestPermission({ alert: true, sound: true, provisional: true }); // expect: unguarded-provisional-request
  return settings.authorizationStatus >= 1; // expect: numeric-authorization-status
}

export async function displayBlocked(): Promise<boolean> {
  return (await notifee.getNotificationSettings()).authorizationStatus === 0; // expect: numeric-authorization-status
}

export async function displayAllowed(): Promise<boolean> {
  const settings = await notifee.getNotificationSettings();
  return settings.authorizationStatus >= AuthorizationStatus.AUTHORIZED;
}

export async function showUnreadSummary(unread: number): Promise<void> {
  const settings = await notifee.getNotificationSettings();
  if (settings.authorizationStatus < AuthorizationStatus.AUTHORIZED) return;
  if (unread > 0) {
    await notifee.displayNotification({
      title: 'Inbox',
      body: unread > 1 ? `${unread} unread messages` : '1 unread message',
    });
  }
  const badge = await notifee.getBadgeCount();
  if (badge !== unread) await notifee.setBadgeCount(unread);
}
