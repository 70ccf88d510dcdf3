import { call, put, takeLatest } from 'typed-redux-saga';
import * as Notifications from 'expo-notifications';

import { pushActions } from './pushSlice';

function* checkNotificationPermission() {
  const result = yield* call(Notifications.getPermissionsAsync);
  if (result.status === 'granted') { // expect: provisional-blind-check
    yield* put(pushActions.permissionGranted());
    return;
  }
  if (result.status === Notifications.PermissionStatus.UNDETERMINED) { // expect: provisional-blind-check
    yield* put(pushActions.showSoftPrompt());
    return;
  }
  yield* put(pushActions.permissionBlocked({ canAskAgain: result.canAskAgain }));
}

function* requestNotificationPermission() {
  const result = yield* call(Notifications.requestPermissionsAsync, {
    ios: { allowAlert: true, allowSound: true, allowProvisional: false },
  });
  yield* put(pushActions.permissionResolved({ enabled: result.granted })); // expect: provisional-blind-check
}

export function* notificationPermissionSaga() {
  yield* takeLatest(pushActions.checkPermission.type, checkNotificationPermission);
  yield* takeLatest(pushActions.requestPermission.type, requestNotificationPermission);
}
