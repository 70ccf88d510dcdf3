// EXPECT: PBC and deprecated-should-show-alert: the module's type from `import type`, the module itself from a lazy
// `require` kept with `??=`.
import type * as ExpoNotifications from 'expo-notifications';

type NotificationsModule = typeof ExpoNotifications;

let notificationsModule: NotificationsModule | undefined;

export const getNotifications = (): NotificationsModule =>
  (notificationsModule ??= require('expo-notifications') as NotificationsModule);

export function useQuietForegroundNotifications(): void {
  getNotifications().setNotificationHandler({
    handleNotification: async () => ({ shouldShowAlert: false, shouldPlaySound: false, shouldSetBadge: true }), // expect: deprecated-should-show-alert
  });
}

export async function pushStatus(): Promise<'on' | 'off'> {
  const { status } = await getNotifications().getPermissionsAsync();
  if (status !== 'granted') { // expect: provisional-blind-check
    return 'off';
  }
  return 'on';
}
