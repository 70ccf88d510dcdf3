import Constants from 'expo-constants';
import * as Device from 'expo-device';
import * as Notifications from 'expo-notifications';
import { useEffect, useState } from 'react';

/** Registers for push once, when the root component mounts, and exposes the token. */
export function usePushToken() {
  const [token, setToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    (async () => {
      if (!Device.isDevice) {
        setError('Push notifications need a physical device.');
        return;
      }
      const { status: existingStatus } = await Notifications.getPermissionsAsync();
      let finalStatus = existingStatus;
      if (existingStatus !== 'granted') { // expect: provisional-blind-check
        const { status } = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
        finalStatus = status;
      }
      if (finalStatus !== 'granted') { // expect: provisional-blind-check
        setError('Permission to receive notifications was not granted.');
        return;
      }
      const projectId = Constants.expoConfig?.extra?.eas?.projectId ?? Constants.easConfig?.projectId;
      const { data } = await Notifications.getExpoPushTokenAsync({ projectId });
      setToken(data);
    })();
  }, []);

  return { token, error };
}
