import * as Notifications from 'expo-notifications';
import { call, put } from 'redux-saga/effects';

export function* registerTokenSaga(projectId) {
  const { status } = yield call(Notifications.getPermissionsAsync);
  if (status !== 'granted') { // expect: provisional-blind-check=error
    return;
  }
  const token = yield call(Notifications.getExpoPushTokenAsync, { projectId });
  yield put({ type: 'push/tokenReceived', token: token.data });
}
