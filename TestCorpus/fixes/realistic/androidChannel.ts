// Exercises removed-notification-api on the misspelt `AndroidImportance.DEEFAULT` (fix: `DEFAULT`), with a typed trigger and a push token that are clean.
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

export async function registerDevice(projectId: string): Promise<string> {
  if (Platform.OS === 'android') {
    await Notifications.setNotificationChannelAsync('default', {
      name: 'Default',
      importance: Notifications.AndroidImportance.DEEFAULT, // expect: removed-notification-api
      vibrationPattern: [0, 250, 250, 250],
      lightColor: '#FF231F7C',
    });
  }
  const { data } = await Notifications.getExpoPushTokenAsync({ projectId });
  return data;
}

export function remindLater(title: string, minutes: number): Promise<string> {
  return Notifications.scheduleNotificationAsync({
    content: { title, data: { kind: 'reminder' } },
    trigger: { type: Notifications.SchedulableTriggerInputTypes.TIME_INTERVAL, seconds: minutes * 60 },
  });
}
