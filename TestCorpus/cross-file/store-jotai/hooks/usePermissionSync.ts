import { useEffect } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import * as Notifications from 'expo-notifications';

import { permissionAtom } from '../state/permissionAtom';

// Read once at start-up.
export function usePermissionSync(): void {
  const setStatus = useSetAtom(permissionAtom);
  useEffect(() => {
    Notifications.getPermissionsAsync().then(({ status }) => setStatus(status));
  }, [setStatus]);
}

// The settings screen's request writes the answer back.
export function useAskForPermission() {
  const [status, setStatus] = useAtom(permissionAtom);
  const ask = async () => {
    const response = await Notifications.requestPermissionsAsync({
      ios: { allowAlert: true, allowSound: true, allowProvisional: false },
    });
    setStatus(response.status);
  };
  return { status, ask };
}
