// expect-project-note: channel-after-permission-request
import { useCallback, useEffect, useState } from 'react';
import { Linking } from 'react-native';
import {
  getPermissionsAsync,
  requestPermissionsAsync,
  PermissionStatus,
} from 'expo-notifications';
import type { NotificationPermissionsStatus } from 'expo-notifications';

export function usePushPermission() {
  const [permission, setPermission] = useState<NotificationPermissionsStatus | null>(null);

  useEffect(() => {
    getPermissionsAsync().then(setPermission);
  }, []);

  // Settings toggle: a denied user is sent to the Settings app instead of a dialog that never shows.
  const enable = useCallback(async () => {
    const current = await getPermissionsAsync();
    if (current.status === PermissionStatus.DENIED) {
      await Linking.openSettings();
      return;
    }
    const next = await requestPermissionsAsync({
      ios: { allowAlert: true, allowSound: true, allowProvisional: false },
    });
    setPermission(next);
  }, []);

  // "Play a sound for reminders": reads the settings, but never asks whether iOS will prompt at all.
  const enableSounds = useCallback(async () => {
    const current = await getPermissionsAsync();
    if (current.ios?.allowsSound) {
      setPermission(current);
      return;
    }
    const next = await requestPermissionsAsync({ // expect: request-when-denied
      ios: { allowAlert: true, allowSound: true, allowProvisional: false },
    });
    setPermission(next);
  }, []);

  // Onboarding button: nothing was read in this callback before asking.
  const askFromOnboarding = useCallback(async () => {
    const next = await requestPermissionsAsync({ // expect: unguarded-provisional-request
      ios: { allowAlert: true, allowSound: true, allowProvisional: true },
    });
    setPermission(next);
  }, []);

  return { permission, enable, enableSounds, askFromOnboarding };
}
