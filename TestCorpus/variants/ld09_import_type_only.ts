// EXPECT: nothing — only the module's type is imported; the module itself is handed in from elsewhere (an exported
// setter and an exported function's parameter), or is a mock at one of two calls: nothing here says it runs.
import type * as ExpoNotifications from 'expo-notifications';

type NotificationsModule = typeof ExpoNotifications;

let notifications: NotificationsModule | null = null;

export function provideNotifications(module: NotificationsModule): void {
  notifications = module;
}

export async function pushEnabled(): Promise<boolean> {
  if (!notifications) return false;
  const { status } = await notifications.getPermissionsAsync();
  return status === 'granted';
}

export async function canAsk(module: NotificationsModule): Promise<boolean> {
  const settings = await module.getPermissionsAsync();
  return !settings.granted && settings.canAskAgain;
}

async function isAllowed(module: NotificationsModule): Promise<boolean> {
  const settings = await module.getPermissionsAsync();
  return settings.granted;
}

const mockNotifications = { getPermissionsAsync: async () => ({ granted: true }) } as unknown as NotificationsModule;

export const checkWithMock = () => isAllowed(mockNotifications);
export const checkWith = (module: NotificationsModule) => isAllowed(module);
