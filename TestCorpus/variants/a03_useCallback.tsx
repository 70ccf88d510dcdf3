// EXPECT: PBC on `if (!granted)`; MAP on request with only allowAlert etc.
import { useCallback } from 'react';
import * as Notifications from 'expo-notifications';

export function useAskPush() {
  const ask = useCallback(async () => {
    const { granted } = await Notifications.getPermissionsAsync();
    if (!granted) { // expect: provisional-blind-check
      await Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowBadge: true, allowSound: true } }); // expect: missing-allow-provisional, request-when-denied
    }
  }, []);
  return ask;
}
