import Constants from 'expo-constants';
import * as Notifications from 'expo-notifications';
import { Alert } from 'react-native';

const projectId = Constants.expoConfig?.extra?.eas?.projectId ?? Constants.easConfig?.projectId;

// Older part of the code base, written before we used async/await everywhere.
export function registerForPushNotifications(): Promise<string | null> {
  return Notifications.getPermissionsAsync()
    .then(({ status }) => {
      if (status !== 'granted') { // expect: provisional-blind-check
        return Notifications.requestPermissionsAsync().then((response) => response.status); // expect: missing-allow-provisional
      }
      return status;
    })
    .then((finalStatus) => {
      if (finalStatus !== 'granted') {
        Alert.alert('Notifications are off', 'You can turn them on later in Settings.');
        return null;
      }
      return Notifications.getExpoPushTokenAsync({ projectId }).then((token) => token.data);
    })
    .catch((error) => {
      console.warn('[push] registration failed', error);
      return null;
    })
    .finally(() => console.log('[push] registration finished'));
}

export const hasPushPermission = () =>
  Notifications.getPermissionsAsync().then((permissions) => permissions.granted); // expect: provisional-blind-check
