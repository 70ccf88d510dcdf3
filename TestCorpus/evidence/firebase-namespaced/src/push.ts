import messaging from '@react-native-firebase/messaging';

export async function requestQuietPush(): Promise<void> {
  await messaging().requestPermission({ provisional: true }); // evidence-site // expect: unguarded-provisional-request=note
}

export async function pushEnabled(): Promise<boolean> {
  const authStatus = await messaging().hasPermission();
  return authStatus === messaging.AuthorizationStatus.AUTHORIZED; // expect: provisional-blind-check=error
}
