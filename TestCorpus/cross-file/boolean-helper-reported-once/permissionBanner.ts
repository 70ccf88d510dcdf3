import { hasNotificationPermission } from './notificationPermission';

// The blind check lives in the helper and is reported there, not again at each caller.
export async function maybeShowPermissionBanner(show: () => void): Promise<void> {
  if (!(await hasNotificationPermission())) {
    show();
  }
}
