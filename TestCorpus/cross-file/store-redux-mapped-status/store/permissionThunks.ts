import * as Notifications from 'expo-notifications';
import { IosAuthorizationStatus } from 'expo-notifications';
import type { Dispatch } from '@reduxjs/toolkit';

import { notificationsChanged, type AppPermission } from './permissionSlice';

// The status is mapped before it is stored, with provisional and ephemeral told apart.
function toAppPermission(settings: Notifications.NotificationPermissionsStatus): AppPermission {
  if (settings.granted) return 'granted';
  const ios = settings.ios?.status;
  if (ios === IosAuthorizationStatus.PROVISIONAL || ios === IosAuthorizationStatus.EPHEMERAL) return 'quiet';
  return settings.status === 'denied' ? 'denied' : 'undetermined';
}

export const loadNotificationPermission = () => async (dispatch: Dispatch) => {
  const settings = await Notifications.getPermissionsAsync();
  const mapped = toAppPermission(settings);
  dispatch(notificationsChanged(mapped));
};
