import messaging from '@react-native-firebase/messaging';

export async function registerForRemoteMessages(): Promise<void> {
  await messaging().requestPermission({ provisional: true }); // evidence-site
  await messaging().registerDeviceForRemoteMessages();
}
