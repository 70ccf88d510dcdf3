// Types from `import type`, the module from the getter in services/.
import type { NotificationContentInput } from 'expo-notifications';
import { useEffect, useState } from 'react';
import { notificationsModule } from '../services/notificationsModule';

export function useNotificationToggle(): [boolean, () => Promise<void>] {
  const [enabled, setEnabled] = useState(false);

  useEffect(() => {
    notificationsModule()
      .getPermissionsAsync()
      .then((settings) => setEnabled(settings.granted)); // expect: provisional-blind-check
  }, []);

  const enable = async () => {
    const answer = await notificationsModule().requestPermissionsAsync({ ios: { allowAlert: true, allowBadge: true } }); // expect: missing-allow-provisional
    setEnabled(answer.status === 'granted'); // expect: provisional-blind-check
  };

  return [enabled, enable];
}

export async function showTestNotification(): Promise<void> {
  const content: NotificationContentInput = { title: 'Test', body: 'Notifications work' };
  await notificationsModule().presentNotificationAsync(content); // expect: removed-notification-api
}
