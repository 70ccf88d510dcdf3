import messaging from '@react-native-firebase/messaging';

export async function requestFirebasePush(): Promise<boolean> {
  const authStatus = await messaging().requestPermission({ alert: true, provisional: false });
  return authStatus === messaging.AuthorizationStatus.AUTHORIZED; // expect: provisional-blind-check=warning
}
