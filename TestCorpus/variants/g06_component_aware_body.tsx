// EXPECT: nothing (component body is aware; nested callback inherits)
import * as Notifications from 'expo-notifications';
import { useEffect } from 'react';

export function Screen({ onReady }: { onReady: () => void }) {
  const [permission] = Notifications.usePermissions();
  const provisional = permission?.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL;
  useEffect(() => {
    if (permission?.granted || provisional) onReady();
  }, [permission, provisional]);
  return null;
}
