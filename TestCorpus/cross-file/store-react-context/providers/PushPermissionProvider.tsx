import React, { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import * as Notifications from 'expo-notifications';
import type { PermissionStatus } from 'expo-notifications';

type PushPermission = { status: PermissionStatus | null; refresh: () => Promise<void> };

const PushPermissionContext = createContext<PushPermission>({ status: null, refresh: async () => {} });

// The context's value carries the root status; its only writer is refresh().
export function PushPermissionProvider({ children }: { children: React.ReactNode }) {
  const [status, setStatus] = useState<PermissionStatus | null>(null);

  const refresh = useCallback(async () => {
    const response = await Notifications.getPermissionsAsync();
    setStatus(response.status);
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const value = useMemo(() => ({ status, refresh }), [status, refresh]);
  return <PushPermissionContext.Provider value={value}>{children}</PushPermissionContext.Provider>;
}

export const usePushPermission = () => useContext(PushPermissionContext);
