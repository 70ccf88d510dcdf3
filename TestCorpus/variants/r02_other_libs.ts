// EXPECT: Firebase and Notifee AUTHORIZED-only checks are provisional-blind (issue 6); react-native-permissions is not a trap
import * as Notifications from 'expo-notifications';
import messaging from '@react-native-firebase/messaging';
import { checkNotifications, requestNotifications } from 'react-native-permissions';
import notifee from '@notifee/react-native';

export async function fb() {
  const authStatus = await messaging().requestPermission();
  return authStatus === messaging.AuthorizationStatus.AUTHORIZED; // expect: provisional-blind-check
}
export async function rnp() {
  const { status } = await checkNotifications();
  if (status !== 'granted') await requestNotifications(['alert']);
  const settings = await notifee.requestPermission();
  return settings.authorizationStatus === 1 && Notifications.AndroidImportance.MAX; // expect: numeric-authorization-status, provisional-blind-check
}
