import notifee, { AuthorizationStatus } from '@notifee/react-native';

export async function canDisplay(): Promise<boolean> {
  const settings = await notifee.getNotificationSettings();
  return settings.authorizationStatus === AuthorizationStatus.AUTHORIZED; // expect: provisional-blind-check=error
}
