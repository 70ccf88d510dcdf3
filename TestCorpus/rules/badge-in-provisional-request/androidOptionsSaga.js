import { call, put } from 'redux-saga/effects';
import * as Notifications from 'expo-notifications';

const ANDROID_OPTIONS = { allowBadge: true, allowProvisional: true };

// A saga that asks on both platforms; the Android options come from a shared constant.
export function* requestPushPermission() {
  const current = yield call(Notifications.getPermissionsAsync);
  if (!current.canAskAgain) return;
  if (current.ios?.status !== Notifications.IosAuthorizationStatus.NOT_DETERMINED) return;
  const response = yield call(Notifications.requestPermissionsAsync, {
    android: ANDROID_OPTIONS,
    ios: { allowAlert: true, allowSound: true, allowProvisional: true },
  });
  yield put({ type: 'push/permissionChanged', payload: response.ios?.status });
}

// The badge under `ios` again, in the same saga form.
export function* requestPushPermissionWithBadge() {
  const current = yield call(Notifications.getPermissionsAsync);
  if (!current.canAskAgain) return;
  if (current.ios?.status !== Notifications.IosAuthorizationStatus.NOT_DETERMINED) return;
  yield call(Notifications.requestPermissionsAsync, {
    android: ANDROID_OPTIONS,
    ios: { allowAlert: true, allowBadge: true, allowProvisional: true }, // expect: badge-in-provisional-request
  });
}
