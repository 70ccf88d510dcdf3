// EXPECT: nothing (firebase / RN-permissions / notifee values)
import * as Notifications from 'expo-notifications';
import messaging from '@react-native-firebase/messaging';
import { checkNotifications, requestNotifications } from 'react-native-permissions';
import notifee from '@notifee/react-native';

export async function fb() {
  const authStatus = await messaging().requestPermission();
  return authStatus === messaging.AuthorizationStatus.AUTHORIZED;
}
export async function rnp() {
  const { status } = await checkNotifications();
  if (status !== 'granted') await requestNotifications(['alert']);
  const settings = await notifee.requestPermission();
  return settings.authorizationStatus === 1 && Notifications.AndroidImportance.MAX;
}
