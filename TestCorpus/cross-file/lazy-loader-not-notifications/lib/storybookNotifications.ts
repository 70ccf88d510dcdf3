// The Storybook build's loader: a stub with the module's shape, typed as expo-notifications, never the module.
import type * as ExpoNotifications from 'expo-notifications';

const stub = {
  async getPermissionsAsync() {
    return { status: 'granted', granted: true, canAskAgain: true, expires: 'never' };
  },
  async requestPermissionsAsync() {
    return { status: 'granted', granted: true, canAskAgain: true, expires: 'never' };
  },
};

export function loadNotifications(): typeof ExpoNotifications {
  return stub as unknown as typeof ExpoNotifications;
}
