// EXPECT: PBC on ({ granted }) => granted returned from then callback (return)
import * as Notifications from 'expo-notifications';

export const isEnabled = (): Promise<boolean> =>
  Notifications.getPermissionsAsync().then(({ granted }) => granted); // expect: provisional-blind-check
export const isEnabled2 = (): Promise<boolean> =>
  Notifications.getPermissionsAsync().then((p) => p.status === 'granted'); // expect: provisional-blind-check
