import { create } from 'zustand';
import * as Notifications from 'expo-notifications';
import type { PermissionStatus } from 'expo-notifications';

type PushState = {
  status: PermissionStatus | 'unknown';
  check: () => Promise<void>;
};

// The store keeps the root status; its readers below decide on it. The initial value is no
// write (nothing has been read yet): only set() calls are.
export const usePushStore = create<PushState>((set) => ({
  status: 'unknown',
  check: async () => {
    const { status } = await Notifications.getPermissionsAsync();
    set({ status });
  },
}));

// A selector hook that returns the decision.
export const usePushAllowed = () => usePushStore((s) => s.status === 'granted'); // expect: provisional-blind-check

export async function registerIfAllowed(projectId: string): Promise<string | null> {
  await usePushStore.getState().check();
  const { status } = usePushStore.getState();
  if (status !== 'granted') return null; // expect: provisional-blind-check
  return (await Notifications.getExpoPushTokenAsync({ projectId })).data;
}

// The functional form of set() writes the same value.
export const useQuietStore = create<{ status: PermissionStatus | null; load: () => Promise<void> }>((set) => ({
  status: null,
  load: async () => {
    const response = await Notifications.getPermissionsAsync();
    set((state) => ({ ...state, status: response.status }));
  },
}));

export function quietHoursApply(): boolean {
  return useQuietStore.getState().status === 'undetermined'; // expect: provisional-blind-check
}
