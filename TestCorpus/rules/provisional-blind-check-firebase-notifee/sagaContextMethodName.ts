// redux-saga's context-and-method-name forms reach Firebase messaging; AUTHORIZED alone is blind.
import firebase from '@react-native-firebase/app';
import '@react-native-firebase/messaging';
import messaging from '@react-native-firebase/messaging';
import { call, apply } from 'redux-saga/effects';
import { call as typedCall } from 'typed-redux-saga';

export function* requestPushSaga(app: { messaging(): unknown }) {
  const status = yield* typedCall([app.messaging(), 'requestPermission']);
  if (status === firebase.messaging.AuthorizationStatus.AUTHORIZED) { // expect: provisional-blind-check
    yield call(console.log, 'enabled');
  }
}

export function* hasPermissionSaga() {
  const status = yield call([messaging(), messaging().hasPermission]);
  return status === messaging.AuthorizationStatus.AUTHORIZED; // expect: provisional-blind-check
}

export function* applySaga() {
  const status = yield apply(messaging(), messaging().requestPermission, []);
  return status === messaging.AuthorizationStatus.AUTHORIZED; // expect: provisional-blind-check
}

export function* namespaceSaga() {
  const status = yield call([firebase.messaging(), 'requestPermission']);
  return status === firebase.messaging.AuthorizationStatus.AUTHORIZED; // expect: provisional-blind-check
}
