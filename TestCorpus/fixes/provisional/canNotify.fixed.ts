// Repair fixture (shapes 2 and 6): functions answering "can we notify", with the enum already
// imported under an alias (reused) and an awaited call read inline (bound once).
import {
  getPermissionsAsync as readPermissions,
  IosAuthorizationStatus as IosStatus,
  NotificationPermissionsStatus,
} from 'expo-notifications';

export async function canNotify(): Promise<boolean> {
  const { status, granted, ios } = await readPermissions();
  return granted || ios?.status === IosStatus.PROVISIONAL || ios?.status === IosStatus.EPHEMERAL; // expect: provisional-blind-check
}

export async function notificationsEnabled(): Promise<boolean> {
  const settings = await readPermissions();
  return settings.granted || settings.ios?.status === IosStatus.PROVISIONAL || settings.ios?.status === IosStatus.EPHEMERAL; // expect: provisional-blind-check
}

export async function hasNotificationPermission(): Promise<boolean> {
  const permissions = await readPermissions();
  return permissions.granted || permissions.ios?.status === IosStatus.PROVISIONAL || permissions.ios?.status === IosStatus.EPHEMERAL; // expect: provisional-blind-check
}

export async function pushAllowed(): Promise<boolean> {
  const settings: NotificationPermissionsStatus = await readPermissions();
  return settings.granted || settings.ios?.status === IosStatus.PROVISIONAL || settings.ios?.status === IosStatus.EPHEMERAL; // expect: provisional-blind-check
}

// Not a permission decision: the alias is used for something else too.
export function wasDenied(settings: NotificationPermissionsStatus): boolean {
  return settings.ios?.status === IosStatus.DENIED;
}
