import { create } from 'zustand';
import * as Notifications from 'expo-notifications';
import type { PermissionStatus } from 'expo-notifications';

type PushState = {
  status: PermissionStatus | null;
  refresh: () => Promise<void>;
};

// `status` is written only from a permission response.
export const usePushStore = create<PushState>()((set) => ({
  status: null,
  refresh: async () => {
    const { status } = await Notifications.getPermissionsAsync();
    set({ status });
  },
}));
