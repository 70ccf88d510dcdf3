import { create } from 'zustand';
import * as Notifications from 'expo-notifications';
import type { PermissionStatus } from 'expo-notifications';

type PushPreferences = { pushEnabled: boolean };

type PushState = {
  status: PermissionStatus | null;
  refresh: () => Promise<void>;
  restoreFromServer: (fetchPreferences: () => Promise<PushPreferences>) => Promise<void>;
};

// `status` is written from a permission response and, after a server call, from a literal:
// the stored value is the app's own, so comparisons of it are not reported.
export const usePushStore = create<PushState>()((set) => ({
  status: null,
  refresh: async () => {
    const { status } = await Notifications.getPermissionsAsync();
    set({ status });
  },
  restoreFromServer: async (fetchPreferences) => {
    const preferences = await fetchPreferences();
    if (preferences.pushEnabled) set({ status: 'granted' });
  },
}));
