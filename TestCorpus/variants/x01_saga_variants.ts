// EXPECT: PBC on each
import { call, select } from 'redux-saga/effects';
import * as Notifications from 'expo-notifications';

function getPermission() {
  return Notifications.getPermissionsAsync();
}
export function* a() {
  const res: Notifications.NotificationPermissionsStatus = yield call(() => Notifications.getPermissionsAsync());
  if (res.granted) return true; // expect: provisional-blind-check
}
export function* b() {
  const res = yield call(getPermission);
  if (res.status === 'granted') return true; // expect: provisional-blind-check
}
export function* c() {
  const { status } = yield call(Notifications.requestPermissionsAsync, { ios: { allowProvisional: true } }); // expect: unguarded-provisional-request
  return status === 'granted'; // expect: provisional-blind-check
}
