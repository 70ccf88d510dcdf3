import { useCallback } from 'react';
import { Linking } from 'react-native';
import * as Notifications from 'expo-notifications';

const QUIET_REQUEST = { ios: { allowAlert: true, allowSound: true, allowProvisional: true } };

// The hook forwards its options to requestPermissionsAsync: every requestPermission() is provisional.
export function usePushPrompt() {
  const [permission, requestPermission] = Notifications.usePermissions(QUIET_REQUEST);

  // Straight from the button: an authorized or denied device is asked again for nothing.
  const askNow = useCallback(async () => {
    await requestPermission(); // expect: unguarded-provisional-request
  }, [requestPermission]);

  // The hook's own response decides first.
  const askIfNeverAsked = useCallback(async () => {
    if (permission?.canAskAgain === false) {
      await Linking.openSettings();
      return;
    }
    if (permission?.ios?.status !== Notifications.IosAuthorizationStatus.NOT_DETERMINED) return;
    await requestPermission();
  }, [permission, requestPermission]);

  // A fresh read inside the callback, then expo's request function with the same options.
  const askAfterReading = useCallback(async () => {
    const { ios, canAskAgain } = await Notifications.getPermissionsAsync();
    if (!canAskAgain || ios?.status !== Notifications.IosAuthorizationStatus.NOT_DETERMINED) return null;
    return Notifications.requestPermissionsAsync(QUIET_REQUEST);
  }, []);

  return { permission, askNow, askIfNeverAsked, askAfterReading };
}

// Without options the hook's request is the full dialog: not this rule's business.
export function useFullPrompt() {
  const [permission, requestPermission] = Notifications.usePermissions();
  const ask = () => requestPermission();
  return { permission, ask };
}
