import messaging from '@react-native-firebase/messaging';

export function readPushAuthorization() {
  return messaging().hasPermission();
}
