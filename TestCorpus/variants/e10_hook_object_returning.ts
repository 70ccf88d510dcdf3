// EXPECT: PBC in custom hook returning isGranted computed
import { useEffect, useState } from 'react';
import * as Notifications from 'expo-notifications';

export function useNotificationPermission() {
  const [isGranted, setIsGranted] = useState(false);
  useEffect(() => {
    (async () => {
      const { granted } = await Notifications.getPermissionsAsync();
      setIsGranted(granted); // expect: provisional-blind-check
    })();
  }, []);
  return isGranted;
}
