import { useCallback, useState } from 'react';
import * as Notifications from 'expo-notifications';

const N = Notifications;

// Asked right after the user books their first class.
const classReminderRequest = {
  ios: {
    allowAlert: true,
    allowSound: true,
  },
};

// Unread counter on the app icon.
const badgeOnlyIos = { allowBadge: true };

type PermissionResponse = Notifications.NotificationPermissionsStatus;

export function useNotificationPrompt() {
  const [lastResponse, setLastResponse] = useState<PermissionResponse | null>(null);

  const promptForReminders = useCallback(async () => {
    const response = await N.requestPermissionsAsync(classReminderRequest); // expect: missing-allow-provisional
    setLastResponse(response);
    return response;
  }, []);

  const promptForBadge = useCallback(async () => {
    const response = await N.requestPermissionsAsync({ ios: badgeOnlyIos }); // expect: missing-allow-provisional
    setLastResponse(response);
    return response;
  }, []);

  const promptQuietly = useCallback(async () => {
    const response = await Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
      ios: { allowAlert: true, allowSound: true, allowProvisional: true },
    });
    setLastResponse(response);
    return response;
  }, []);

  return { lastResponse, promptForReminders, promptForBadge, promptQuietly };
}
