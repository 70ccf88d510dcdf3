// EXPECT: PBC on status !== 'granted' via yield call; MAP on call(requestPermissionsAsync)
import { call, put, takeLatest } from 'redux-saga/effects';
import * as Notifications from 'expo-notifications';

function* registerSaga() {
  const { status: existing } = yield call(Notifications.getPermissionsAsync);
  let finalStatus = existing;
  if (existing !== 'granted') { // expect: provisional-blind-check
    const { status } = yield call(Notifications.requestPermissionsAsync); // expect: missing-allow-provisional
    finalStatus = status;
  }
  if (finalStatus !== 'granted') return; // expect: provisional-blind-check
  yield put({ type: 'PUSH_OK' });
}
export default function* root() { yield takeLatest('REGISTER', registerSaga); }
