import * as Notifications from 'expo-notifications';
import { call, put } from 'redux-saga/effects';

export function* requestQuietPermissionSaga() {
  const settings = yield call(Notifications.requestPermissionsAsync, { ios: { allowAlert: true, allowProvisional: true } }); // evidence-site // expect: unguarded-provisional-request
  yield put({ type: 'push/permissionResolved', iosStatus: settings.ios?.status });
}
