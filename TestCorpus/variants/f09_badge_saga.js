// EXPECT: BADGE via saga call with options
import { call } from 'redux-saga/effects';
import * as Notifications from 'expo-notifications';

export function* ask() {
  yield call(Notifications.requestPermissionsAsync, { // expect: unguarded-provisional-request
    ios: { allowProvisional: true, allowBadge: true }, // expect: badge-in-provisional-request
  });
}
