import { call, put, select, takeLatest } from 'redux-saga/effects';
import * as Notifications from 'expo-notifications';
import type { NotificationPermissionsStatus } from 'expo-notifications';
import { requestPermissionsAsync as requestMediaLibraryPermissions, saveToLibraryAsync } from 'expo-media-library';
import type { PermissionResponse } from 'expo-media-library';

import { permissionsActions } from './permissionsSlice';
import type { SavePhotoAction } from './permissionsSlice';
import { selectHasSeenPrimer } from './selectors';

function* askOnFirstLaunch() {
  const hasSeenPrimer: boolean = yield select(selectHasSeenPrimer);
  if (!hasSeenPrimer) {
    return;
  }
  const response: NotificationPermissionsStatus = yield call(Notifications.requestPermissionsAsync); // expect: missing-allow-provisional
  yield put(permissionsActions.notificationStatusChanged(response.status));
}

function* askForAlertsAndSounds() {
  const response: NotificationPermissionsStatus = yield call(Notifications.requestPermissionsAsync, { // expect: missing-allow-provisional
    ios: { allowAlert: true, allowSound: true },
  });
  yield put(permissionsActions.notificationStatusChanged(response.status));
}

function* askQuietly() {
  const response: NotificationPermissionsStatus = yield call(Notifications.requestPermissionsAsync, { // expect: unguarded-provisional-request
    ios: { allowAlert: true, allowSound: true, allowProvisional: true },
  });
  yield put(permissionsActions.notificationStatusChanged(response.status));
}

// Same function name, different module: the media library prompt has no provisional mode.
function* savePhoto(action: SavePhotoAction) {
  const { status }: PermissionResponse = yield call(requestMediaLibraryPermissions);
  if (status !== 'granted') {
    yield put(permissionsActions.mediaLibraryDenied());
    return;
  }
  yield call(saveToLibraryAsync, action.payload.uri);
}

export function* permissionsSaga() {
  yield takeLatest(permissionsActions.appLaunched.type, askOnFirstLaunch);
  yield takeLatest(permissionsActions.enableAlertsPressed.type, askForAlertsAndSounds);
  yield takeLatest(permissionsActions.onboardingFinished.type, askQuietly);
  yield takeLatest(permissionsActions.savePhotoRequested.type, savePhoto);
}
