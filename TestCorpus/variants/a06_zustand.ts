// EXPECT: PBC at set({ granted: status === 'granted' }) and at set({ enabled: res.granted })
import { create } from 'zustand';
import * as Notifications from 'expo-notifications';

type State = { granted: boolean; enabled: boolean; check: () => Promise<void>; refresh: () => Promise<void> };
export const usePushStore = create<State>((set) => ({
  granted: false,
  enabled: false,
  check: async () => {
    const { status } = await Notifications.getPermissionsAsync();
    set({ granted: status === 'granted' }); // expect: provisional-blind-check
  },
  refresh: async () => {
    const res = await Notifications.getPermissionsAsync();
    set({ enabled: res.granted }); // expect: provisional-blind-check
  },
}));
