// EXPECT: PBC (yielding the promise directly in redux-saga)
import * as Notifications from 'expo-notifications';
import { put } from 'redux-saga/effects';

export function* checkPermissions() {
  const { status } = yield Notifications.getPermissionsAsync();
  yield put({ type: 'PERMISSION', enabled: status === 'granted' }); // expect: provisional-blind-check
}
