// EXPECT: PBC on `permission?.status !== 'granted'` in component body (aware code is in a nested fn only)
import * as Notifications from 'expo-notifications';

export function Screen() {
  const [permission] = Notifications.usePermissions();
  const quiet = () => permission?.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL;
  if (permission?.status !== 'granted') return null; // expect: provisional-blind-check
  return quiet();
}
