import { NotificationsApi } from './notificationsApi';

export async function canNotify(): Promise<boolean> {
  const res = await NotificationsApi.getPermission();
  return res.granted; // expect: provisional-blind-check
}

export async function resetReminders(): Promise<void> {
  await NotificationsApi.cancelAll();
}
