// EXPECT: PBC on status === 'granted' passed into action creator
import * as Notifications from 'expo-notifications';

const setEnabled = (enabled) => ({ type: 'SET_ENABLED', enabled });
export const checkPermission = () => async (dispatch) => {
  const { status } = await Notifications.getPermissionsAsync();
  dispatch(setEnabled(status === 'granted')); // expect: provisional-blind-check
};
