import { useCallback, useEffect, useState } from 'react';
import { AppState } from 'react-native';
import * as Notification from 'expo-notifications';

export function usePushPermission() {
  const [granted, setGranted] = useState(false);
  const [checked, setChecked] = useState(false);

  const refresh = useCallback(async () => {
    const settings = await Notification.getPermissionsAsync();
    setGranted(settings.granted); // expect: provisional-blind-check
    setChecked(true);
  }, []);

  useEffect(() => {
    let cancelled = false;

    async function loadInitialPermission() {
      const { status } = await Notification.getPermissionsAsync();
      if (cancelled) return;
      setGranted(status === Notification.PermissionStatus.GRANTED); // expect: provisional-blind-check
      setChecked(true);
    }

    loadInitialPermission();
    const subscription = AppState.addEventListener('change', (nextState) => {
      if (nextState === 'active') refresh();
    });
    return () => {
      cancelled = true;
      subscription.remove();
    };
  }, [refresh]);

  const request = useCallback(async () => {
    const result = await Notification.requestPermissionsAsync({
      ios: { allowAlert: true, allowSound: true, allowProvisional: false },
    });
    setGranted(result.granted); // expect: provisional-blind-check
    return result;
  }, []);

  return { granted, checked, refresh, request };
}
