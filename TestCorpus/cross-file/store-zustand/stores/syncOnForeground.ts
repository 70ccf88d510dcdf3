import { AppState } from 'react-native';
import * as Notifications from 'expo-notifications';

import { useNotificationStore } from './notificationStore';

// Back from Settings: the user may have changed the permission there.
export function watchPermissionOnForeground() {
  return AppState.addEventListener('change', async (state) => {
    if (state !== 'active') return;
    const settings = await Notifications.getPermissionsAsync();
    useNotificationStore.setState({ status: settings.status });
  });
}
