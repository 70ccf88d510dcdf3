import * as Notifications from 'expo-notifications';

import type { AppDispatch } from '../store';
import { setPermission } from '../store/pushSlice';

// Every dispatch of setPermission in the project carries a root status.
export const refreshPermission = () => async (dispatch: AppDispatch) => {
  const { status } = await Notifications.getPermissionsAsync();
  dispatch(setPermission(status));
};

export const requestPermission = () => async (dispatch: AppDispatch) => {
  const response = await Notifications.requestPermissionsAsync({
    ios: { allowAlert: true, allowBadge: true, allowSound: true, allowProvisional: false },
  });
  dispatch(setPermission(response.status));
};
