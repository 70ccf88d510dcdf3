import messaging from '@react-native-firebase/messaging';

export async function askForPush(isQuiet: boolean): Promise<boolean> {
  const authStatus = await messaging().requestPermission({ alert: true, sound: true, provisional: isQuiet }); // evidence-site // expect: unguarded-provisional-request=note
  return authStatus === messaging.AuthorizationStatus.AUTHORIZED; // expect: provisional-blind-check=error
}
