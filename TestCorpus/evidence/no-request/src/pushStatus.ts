import * as Notifications from 'expo-notifications';
import messaging from '@react-native-firebase/messaging';
import notifee, { AuthorizationStatus } from '@notifee/react-native';

// Nothing in this app asks for notifications provisionally: these checks are latent.
export async function expoAllowed(): Promise<boolean> {
  const { status } = await Notifications.getPermissionsAsync();
  return status === 'granted'; // expect: provisional-blind-check=warning
}

export async function firebaseAllowed(): Promise<boolean> {
  const authStatus = await messaging().hasPermission();
  return authStatus === messaging.AuthorizationStatus.AUTHORIZED; // expect: provisional-blind-check=warning
}

export async function notifeeAllowed(): Promise<boolean> {
  const settings = await notifee.getNotificationSettings();
  return settings.authorizationStatus === AuthorizationStatus.AUTHORIZED; // expect: provisional-blind-check=warning
}
