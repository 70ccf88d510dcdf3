// Repair fixture (shapes 4 and 5): the `usePermissions()` hook (whose response may be null) in
// conditions and JSX.
import * as Notifications from 'expo-notifications';
import { Text, View } from 'react-native';

export function NotificationStatusRow() {
  const [permission] = Notifications.usePermissions();
  if (permission?.status !== 'granted') { // expect: provisional-blind-check
    return <Text>Turn on notifications</Text>;
  }
  return <Text>Notifications are on</Text>;
}

export function ReminderBanner() {
  const [permission] = Notifications.usePermissions();
  return <View>{permission?.granted && <Text>Reminders are on</Text>}</View>; // expect: provisional-blind-check
}

export function PushStatusLabel() {
  const [permission] = Notifications.usePermissions();
  const status = permission?.status;
  return <Text>{status === 'granted' ? <Text>Push on</Text> : <Text>Push off</Text>}</Text>; // expect: provisional-blind-check
}
