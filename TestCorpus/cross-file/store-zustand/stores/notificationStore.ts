import { create } from 'zustand';
import * as Notifications from 'expo-notifications';
import type { PermissionStatus } from 'expo-notifications';

type NotificationState = {
  status: PermissionStatus | null;
  token: string | null;
  refresh: () => Promise<void>;
  request: () => Promise<void>;
  setToken: (token: string | null) => void;
};

// `status` is written only from permission responses: the store's own actions and
// syncOnForeground.ts, which sets it from outside.
export const useNotificationStore = create<NotificationState>()((set) => ({
  status: null,
  token: null,
  refresh: async () => {
    const { status } = await Notifications.getPermissionsAsync();
    set({ status });
  },
  request: async () => {
    const response = await Notifications.requestPermissionsAsync({
      ios: { allowAlert: true, allowSound: true, allowProvisional: false },
    });
    set({ status: response.status });
  },
  setToken: (token) => set({ token }),
}));
