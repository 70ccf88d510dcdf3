// EXPECT: PBC and deprecated-should-show-alert: the module loaded with `await import()` inside async functions, used
// at once or through the promise of an async loader.
async function loadNotifications() {
  const Notifications = await import('expo-notifications');
  return Notifications;
}

export async function canSendReminders(): Promise<boolean> {
  const permissions = await (await import('expo-notifications')).getPermissionsAsync();
  return permissions.granted; // expect: provisional-blind-check
}

export async function setUpNotifications(): Promise<boolean> {
  const Notifications = await loadNotifications();
  Notifications.setNotificationHandler({
    async handleNotification() {
      return { shouldShowAlert: true, shouldPlaySound: false, shouldSetBadge: false }; // expect: deprecated-should-show-alert
    },
  });
  const { status } = await Notifications.getPermissionsAsync();
  return status === 'granted'; // expect: provisional-blind-check
}
