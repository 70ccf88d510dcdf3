import { useCallback, useEffect, useState } from 'react';
import { AppState, Linking } from 'react-native';
import * as Notifications from 'expo-notifications';

/** Whether notifications are on, kept fresh when the app comes back from Settings. */
export function useNotificationPermission() {
  const [enabled, setEnabled] = useState(false);
  const [canAskAgain, setCanAskAgain] = useState(true);

  const refresh = useCallback(async () => {
    const permission = await Notifications.getPermissionsAsync();
    setEnabled(permission.granted); // expect: provisional-blind-check
    setCanAskAgain(permission.canAskAgain);
  }, []);

  useEffect(() => {
    refresh();
    const subscription = AppState.addEventListener('change', (state) => {
      if (state === 'active') {
        refresh();
      }
    });
    return () => subscription.remove();
  }, [refresh]);

  const request = useCallback(async () => {
    if (!canAskAgain) {
      await Linking.openSettings();
      return;
    }
    // The user flipped the switch: ask for the full dialog on purpose.
    await Notifications.requestPermissionsAsync({
      ios: { allowAlert: true, allowBadge: true, allowSound: true, allowProvisional: false },
    });
    await refresh();
  }, [canAskAgain, refresh]);

  return { enabled, canAskAgain, request, refresh };
}
