import * as Notifications from 'expo-notifications';

import { useNotificationStore } from '../stores/notificationStore';

// Outside React: the store read through getState().
export async function registerDevice(projectId: string): Promise<string | null> {
  if (useNotificationStore.getState().status !== 'granted') return null; // expect: provisional-blind-check
  const { data } = await Notifications.getExpoPushTokenAsync({ projectId });
  useNotificationStore.getState().setToken(data);
  return data;
}

// Destructured from the state first.
export function canScheduleReminders(): boolean {
  const { status } = useNotificationStore.getState();
  return status === 'granted'; // expect: provisional-blind-check
}
