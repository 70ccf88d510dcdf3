import { call, put, takeLatest } from 'redux-saga/effects';
import * as Notifications from 'expo-notifications';
import type { NotificationPermissionsStatus } from 'expo-notifications';

import { pushActions } from './pushSlice';

const QUIET = { ios: { allowAlert: true, allowSound: true, allowProvisional: true } };

// Run on every app launch: an already-authorized or denied device is asked again, quietly, for nothing.
function* askOnLaunch() {
  const response: NotificationPermissionsStatus = yield call(Notifications.requestPermissionsAsync, QUIET); // expect: unguarded-provisional-request
  yield put(pushActions.permissionChanged(response.ios?.status));
}

// Reads first and leaves when the device already decided.
function* askWhenNeverAsked() {
  const current: NotificationPermissionsStatus = yield call(Notifications.getPermissionsAsync);
  if (!current.canAskAgain || current.ios?.status !== Notifications.IosAuthorizationStatus.NOT_DETERMINED) {
    yield put(pushActions.permissionChanged(current.ios?.status));
    return;
  }
  const response: NotificationPermissionsStatus = yield call(Notifications.requestPermissionsAsync, QUIET);
  yield put(pushActions.permissionChanged(response.ios?.status));
}

// A private worker, only ever run after the test below.
function* requestQuietly() {
  return yield call(Notifications.requestPermissionsAsync, QUIET);
}

function* onOnboardingFinished() {
  const { status, canAskAgain }: NotificationPermissionsStatus = yield call(Notifications.getPermissionsAsync);
  if (!canAskAgain) return;
  if (status === Notifications.PermissionStatus.UNDETERMINED) { // expect: provisional-blind-check
    yield call(requestQuietly);
  }
}

// `yield*` delegation to the same kind of request, without any test.
function* askFromSettingsScreen() {
  const response: NotificationPermissionsStatus = yield* call(Notifications.requestPermissionsAsync, { // expect: unguarded-provisional-request
    ios: { allowAlert: true, allowProvisional: true },
  });
  yield put(pushActions.permissionChanged(response.ios?.status));
}

export function* pushSaga() {
  yield takeLatest(pushActions.appLaunched.type, askOnLaunch);
  yield takeLatest(pushActions.onboardingChecked.type, askWhenNeverAsked);
  yield takeLatest(pushActions.onboardingFinished.type, onOnboardingFinished);
  yield takeLatest(pushActions.settingsOpened.type, askFromSettingsScreen);
}
