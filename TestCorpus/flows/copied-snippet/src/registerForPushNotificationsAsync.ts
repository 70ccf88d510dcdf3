import Constants from 'expo-constants';
import * as Device from 'expo-device';
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

// The function of Expo's push notifications guide, as apps copy it: the root `status` decides, so a
// provisional (or ephemeral) device is sent to the full dialog, and a declined one gets an alert.
export async function registerForPushNotificationsAsync() {
  if (Platform.OS === 'android') {
    await Notifications.setNotificationChannelAsync('default', {
      name: 'default',
      importance: Notifications.AndroidImportance.MAX,
      vibrationPattern: [0, 250, 250, 250],
      lightColor: '#FF231F7C',
    });
  }

  if (Device.isDevice) {
    const { status: existingStatus } = await Notifications.getPermissionsAsync();
    let finalStatus = existingStatus;
    if (existingStatus !== 'granted') { // expect: provisional-blind-check
      const { status } = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
      finalStatus = status;
    }
    if (finalStatus !== 'granted') { // expect: provisional-blind-check
      alert('Failed to get push token for push notification!');
      return;
    }
    const projectId = Constants?.expoConfig?.extra?.eas?.projectId ?? Constants?.easConfig?.projectId;
    const token = await Notifications.getExpoPushTokenAsync({ projectId });
    console.log(token.data);
    return token.data;
  } else {
    alert('Must use physical device for Push Notifications');
  }
}
