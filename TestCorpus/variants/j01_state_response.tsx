// EXPECT: PBC on !permissions?.granted (whole response stored in state, used in the same component)
import { useEffect, useState } from 'react';
import { getPermissionsAsync, NotificationPermissionsStatus } from 'expo-notifications';

export function useCanNotify() {
  const [permissions, setPermissions] = useState<NotificationPermissionsStatus | null>(null);
  useEffect(() => {
    (async () => {
      const result = await getPermissionsAsync();
      setPermissions(result);
    })();
  }, []);
  return permissions?.granted ?? false; // expect: provisional-blind-check
}
