// expect-project-note: channel-after-permission-request
import { useEffect, useState } from 'react';
import Constants from 'expo-constants';
import * as Notifications from 'expo-notifications';

export function usePushToken(enabled: boolean): string | null {
  const [token, setToken] = useState<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    Notifications.getExpoPushTokenAsync() // expect: push-token-without-project-id
      .then(({ data }) => {
        if (!cancelled) setToken(data);
      })
      .catch((error) => console.warn('[push] could not get a push token', error));
    return () => {
      cancelled = true;
    };
  }, [enabled]);

  return token;
}

export function useDeviceRegistration(userId: string | undefined): void {
  useEffect(() => {
    if (!userId) return;
    (async () => {
      const { data } = await Notifications.getExpoPushTokenAsync({
        projectId: Constants.easConfig?.projectId,
      });
      await fetch(`https://api.example.com/users/${userId}/devices`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ expoPushToken: data }),
      });
    })().catch((error) => console.warn('[push] registration failed', error));
  }, [userId]);
}

// Debug screen helper, still holding the docs placeholder.
export async function copyDebugToken(): Promise<string> {
  const { data } = await Notifications.getExpoPushTokenAsync({ projectId: '<project-id>' }); // expect: push-token-without-project-id
  return data;
}
