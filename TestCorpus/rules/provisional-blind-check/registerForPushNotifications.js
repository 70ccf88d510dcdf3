import { Platform } from 'react-native';
import * as Device from 'expo-device';
import * as Notifications from 'expo-notifications';
import Constants from 'expo-constants';

export async function registerForPushNotificationsAsync() {
  if (Platform.OS === 'android') {
    await Notifications.setNotificationChannelAsync('reminders', {
      name: 'Watering reminders',
      importance: Notifications.AndroidImportance.HIGH,
      vibrationPattern: [0, 200, 100, 200],
      lightColor: '#3B82F6',
    });
  }

  if (!Device.isDevice) {
    console.log('Push notifications need a physical device, simulator detected.');
    return null;
  }

  const { status: existingStatus } = await Notifications.getPermissionsAsync();
  let finalStatus = existingStatus;
  if (existingStatus !== 'granted') { // expect: provisional-blind-check
    const { status } = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
    finalStatus = status;
  }
  if (finalStatus !== 'granted') { // expect: provisional-blind-check
    alert('Notifications are off, so we cannot remind you to water your plants.');
    return null;
  }

  const projectId =
    Constants.expoConfig?.extra?.eas?.projectId ?? Constants.easConfig?.projectId;
  try {
    const pushToken = (await Notifications.getExpoPushTokenAsync({ projectId })).data;
    console.log('Expo push token', pushToken);
    return pushToken;
  } catch (e) {
    console.log('Could not fetch the push token', e);
    return null;
  }
}
