import { observable } from '@legendapp/state';
import type { PermissionStatus } from 'expo-notifications';

// App settings kept in one Legend-State observable. `local` is persisted on the device.
export const settings$ = observable({
  local: {
    permissionStatus: null as PermissionStatus | null,
    pushToken: null as string | null,
    theme: 'system' as 'system' | 'light' | 'dark',
  },
});
