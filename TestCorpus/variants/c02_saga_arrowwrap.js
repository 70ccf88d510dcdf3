// EXPECT: PBC via call([Notifications, Notifications.getPermissionsAsync]) context form
import { call } from 'redux-saga/effects';
import * as Notifications from 'expo-notifications';

export function* check() {
  const perm = yield call([Notifications, Notifications.getPermissionsAsync]);
  if (perm.granted) { // expect: provisional-blind-check
    yield call(console.log, 'ok');
  }
}
