// The same saga forms, accepting PROVISIONAL too: no finding.
import messaging from '@react-native-firebase/messaging';
import { call } from 'redux-saga/effects';

export function* requestPushSaga() {
  const status = yield call([messaging(), 'requestPermission']);
  return (
    status === messaging.AuthorizationStatus.AUTHORIZED ||
    status === messaging.AuthorizationStatus.PROVISIONAL
  );
}
