// `yield all([...])` gives the list of results.
import messaging from '@react-native-firebase/messaging';
import { all, call } from 'redux-saga/effects';

export function* startupSaga() {
  const [status, token] = yield all([call([messaging(), 'hasPermission']), call([messaging(), 'getToken'])]);
  if (status !== messaging.AuthorizationStatus.AUTHORIZED) { // expect: provisional-blind-check
    return null;
  }
  return token;
}
