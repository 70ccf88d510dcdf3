// EXPECT: PBC x2, MAP (SDK 51+ docs shape with handleRegistrationError and Device.isDevice)
import * as Notifications from 'expo-notifications';
import * as Device from 'expo-device';
import Constants from 'expo-constants';

function handleRegistrationError(errorMessage: string) {
  alert(errorMessage);
  throw new Error(errorMessage);
}
export async function registerForPushNotificationsAsync() {
  if (!Device.isDevice) return handleRegistrationError('Must use physical device');
  const { status: existingStatus } = await Notifications.getPermissionsAsync();
  let finalStatus = existingStatus;
  if (existingStatus !== 'granted') { // expect: provisional-blind-check
    const { status } = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
    finalStatus = status;
  }
  if (finalStatus !== 'granted') { // expect: provisional-blind-check
    handleRegistrationError('Permission not granted to get push token for push notification!');
    return;
  }
  const projectId = Constants?.expoConfig?.extra?.eas?.projectId ?? Constants?.easConfig?.projectId;
  return (await Notifications.getExpoPushTokenAsync({ projectId })).data;
}
