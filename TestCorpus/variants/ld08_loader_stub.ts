// EXPECT: nothing — the loader of the Storybook build returns a stub with the module's shape, never the module: the
// stub's answers are not the device's.
import type * as ExpoNotifications from 'expo-notifications';

const storybookNotifications = {
  async getPermissionsAsync() {
    return { status: 'granted', granted: true, canAskAgain: true, expires: 'never' };
  },
  async requestPermissionsAsync() {
    return { status: 'granted', granted: true, canAskAgain: true, expires: 'never' };
  },
};

let cached: typeof ExpoNotifications | undefined;

function loadNotifications(): typeof ExpoNotifications {
  cached ??= storybookNotifications as unknown as typeof ExpoNotifications;
  return cached;
}

export async function previewPermission(): Promise<boolean> {
  const { status } = await loadNotifications().getPermissionsAsync();
  if (status !== 'granted') {
    const answer = await loadNotifications().requestPermissionsAsync();
    return answer.granted;
  }
  return true;
}
