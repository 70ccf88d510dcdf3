import messaging from '@react-native-firebase/messaging';

export async function registerForRemoteMessages(): Promise<void> {
  await messaging().requestPermission({ provisional: true }); // evidence-site // expect: unguarded-provisional-request=note
  await messaging().registerDeviceForRemoteMessages();
}
