import { call, fork, put } from 'redux-saga/effects';
import * as Notifications from 'expo-notifications';
import { createClient } from '@segment/analytics-react-native';

import { trackEvent } from '../services/analytics';

const segmentClient = createClient({ writeKey: 'SEGMENT_WRITE_KEY' });

// redux-saga effects that run an analytics function, given a value made from the status.
export function* reportPushPermission() {
  const { status } = yield call(Notifications.getPermissionsAsync);
  const isGranted = status === 'granted';
  yield call(trackEvent, 'push_permission', { isGranted }); // expect: provisional-blind-analytics
  yield fork([segmentClient, segmentClient.track], 'Push Permission', { enabled: isGranted }); // expect: provisional-blind-analytics
  yield call([segmentClient, 'identify'], 'me', { push: isGranted }); // expect: provisional-blind-analytics
}

// A saga helper returns the comparison (reported where it is made: its result is handed around by
// `call`), and the caller sends it.
function* readPushEnabled() {
  const { status } = yield call(Notifications.getPermissionsAsync);
  return status === 'granted'; // expect: provisional-blind-check
}

export function* syncPushProperty() {
  const enabled = yield call(readPushEnabled);
  yield call(trackEvent, 'push_property', { enabled }); // expect: provisional-blind-analytics
}

// Not reported: `put` stores an action in the app's store, it is not analytics (the store write is
// what provisional-blind-check looks at).
export function* storePushStatus() {
  const { status } = yield call(Notifications.getPermissionsAsync);
  yield put({ type: 'push/status', payload: status });
}
