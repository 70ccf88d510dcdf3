// EXPECT: nothing at dispatch(status); PBC in reducer? cross-file out of scope. In-file selector comparing state value: not tracked.
import * as Notifications from 'expo-notifications';

export const loadPermission = () => async (dispatch: any) => {
  const { status } = await Notifications.getPermissionsAsync();
  dispatch({ type: 'perm/set', payload: status });
};
