const { all, call, put, takeEvery } = require('redux-saga/effects');
const Notifications = require('expo-notifications');
const Constants = require('expo-constants').default;

const { registerDevice } = require('../api/devices');

function* registerPushTokenSaga() {
  const { status: existingStatus } = yield call(Notifications.getPermissionsAsync);
  let finalStatus = existingStatus;
  if (finalStatus !== 'granted') { // expect: provisional-blind-check
    const response = yield call(Notifications.requestPermissionsAsync); // expect: missing-allow-provisional
    finalStatus = response.status;
  }
  if (finalStatus !== 'granted') { // expect: provisional-blind-check
    yield put({ type: 'push/registrationSkipped', reason: 'permission' });
    return;
  }
  const projectId = Constants.expoConfig?.extra?.eas?.projectId;
  const token = yield call(Notifications.getExpoPushTokenAsync, { projectId });
  yield call(registerDevice, token.data);
  yield put({ type: 'push/registered', token: token.data });
}

function* refreshPermissionSaga() {
  const { granted, canAskAgain } = yield call(Notifications.getPermissionsAsync);
  yield put({ type: 'push/permissionChanged', payload: { granted, canAskAgain } }); // expect: provisional-blind-check
}

function* rootPushSaga() {
  yield all([
    takeEvery('session/loggedIn', registerPushTokenSaga),
    takeEvery('app/foregrounded', refreshPermissionSaga),
  ]);
}

module.exports = { rootPushSaga, registerPushTokenSaga };
