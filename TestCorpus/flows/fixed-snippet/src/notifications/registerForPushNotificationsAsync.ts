import Constants from 'expo-constants';
import * as Device from 'expo-device';
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

// From the Expo push notifications guide, as `granted-lint --fix-unsafe` leaves it: the two
// `!== 'granted'` tests now accept provisionally and ephemerally authorized devices.
export async function registerForPushNotificationsAsync(): Promise<string | undefined> {
  let token: string | undefined;

  if (Platform.OS === 'android') {
    await Notifications.setNotificationChannelAsync('default', {
      name: 'default',
      importance: Notifications.AndroidImportance.MAX,
      vibrationPattern: [0, 250, 250, 250],
      lightColor: '#FF231F7C',
    });
  }

  if (Device.isDevice) {
    const { status: existingStatus, granted: existingGranted, ios: existingIos } = await Notifications.getPermissionsAsync();
    let finalStatus = existingStatus;
    let finalDeliverable = existingGranted || existingIos?.status === Notifications.IosAuthorizationStatus.PROVISIONAL || existingIos?.status === Notifications.IosAuthorizationStatus.EPHEMERAL;
    if (!finalDeliverable) {
      const { status, granted, ios } = await Notifications.requestPermissionsAsync(); // expect: request-when-denied
      finalStatus = status;
      finalDeliverable = granted || ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL || ios?.status === Notifications.IosAuthorizationStatus.EPHEMERAL;
    }
    if (!finalDeliverable) {
      alert('Failed to get push token for push notification!');
      return;
    }
    const projectId = Constants?.expoConfig?.extra?.eas?.projectId ?? Constants?.easConfig?.projectId;
    token = (await Notifications.getExpoPushTokenAsync({ projectId })).data;
    console.log(token);
  } else {
    alert('Must use physical device for Push Notifications');
  }

  return token;
}
