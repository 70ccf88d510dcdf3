// EXPECT: PBC on status compare inside AppState listener
import { AppState } from 'react-native';
import * as Notifications from 'expo-notifications';

export function watch(onChange: (enabled: boolean) => void) {
  const sub = AppState.addEventListener('change', async (state) => {
    if (state !== 'active') return;
    const { status } = await Notifications.getPermissionsAsync();
    onChange(status === Notifications.PermissionStatus.GRANTED); // expect: provisional-blind-check
  });
  return () => sub.remove();
}
