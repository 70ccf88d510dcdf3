import Constants from 'expo-constants';
import * as Notifications from 'expo-notifications';
import { apply, call, put, take } from 'redux-saga/effects';

export const APP_READY = 'app/ready';
export const PUSH_TOKEN_RECEIVED = 'push/tokenReceived';
export const PUSH_PERMISSION_DENIED = 'push/permissionDenied';

type PermissionResponse = Notifications.NotificationPermissionsStatus;

/** Asks for permission if needed and stores the Expo push token in the store. */
export function* registerPushSaga() {
  const existing: PermissionResponse = yield call(Notifications.getPermissionsAsync);
  let status = existing.status;
  if (status !== 'granted') { // expect: provisional-blind-check
    const requested: PermissionResponse = yield call(Notifications.requestPermissionsAsync, { // expect: missing-allow-provisional
      ios: { allowAlert: true, allowBadge: true, allowSound: true },
    });
    status = requested.status;
  }

  if (status !== 'granted') { // expect: provisional-blind-check
    yield put({ type: PUSH_PERMISSION_DENIED, payload: { status } });
    return null;
  }

  const projectId = Constants.expoConfig?.extra?.eas?.projectId;
  const token: Notifications.ExpoPushToken = yield apply(Notifications, Notifications.getExpoPushTokenAsync, [{ projectId }]);
  yield put({ type: PUSH_TOKEN_RECEIVED, payload: token.data });
  return token.data;
}

/** Root watcher: registers once the app has restored its session. */
export function* pushOnAppReady() {
  yield take(APP_READY);
  const token: string | null = yield call(registerPushSaga);
  if (!token) {
    console.log('[push] continuing without a push token');
  }
}
