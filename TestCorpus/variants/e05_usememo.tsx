// EXPECT: PBC on permission?.status === 'granted' in useMemo; alias of hook
import { useMemo } from 'react';
import { usePermissions as useNotificationPermissions } from 'expo-notifications';

export function usePushEnabled() {
  const [notifPermission] = useNotificationPermissions();
  return useMemo(() => notifPermission?.status === 'granted', [notifPermission]); // expect: provisional-blind-check
}
