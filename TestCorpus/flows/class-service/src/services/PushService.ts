import Constants from 'expo-constants';
import * as Notifications from 'expo-notifications';
import { Alert } from 'react-native';

/** One instance per app (see `pushService` below); screens call `register()`. */
export class PushService {
  private token: string | null = null;

  async register(): Promise<string | null> {
    const allowed = await this.ensurePermission();
    if (!allowed) {
      Alert.alert('Push notifications', 'We could not turn on notifications for this device.');
      return null;
    }

    const projectId = Constants.expoConfig?.extra?.eas?.projectId;
    const { data } = await Notifications.getExpoPushTokenAsync({ projectId });
    this.token = data;
    return data;
  }

  private async ensurePermission(): Promise<boolean> {
    const current = await Notifications.getPermissionsAsync();
    if (current.status === 'granted') { // expect: provisional-blind-check
      return true;
    }
    if (!current.canAskAgain) {
      return false;
    }
    const next = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional
    return next.status === 'granted'; // expect: provisional-blind-check
  }
}

export const pushService = new PushService();
