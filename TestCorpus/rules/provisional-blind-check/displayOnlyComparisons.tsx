import React from 'react';
import { Text, View } from 'react-native';
import * as Notifications from 'expo-notifications';

// A settings row that only shows the state: every comparison here yields text to display.
export function NotificationsRow() {
  const [permission] = Notifications.usePermissions();
  const stateWord = permission?.status === 'granted' ? 'enabled' : 'disabled';
  return (
    <View>
      <Text>Notifications are {stateWord}</Text>
      <Text>{permission?.granted ? 'You will get reminders' : 'Reminders are off'}</Text>
    </View>
  );
}

// A label built in a variable, then rendered.
export function PushStatusCaption({ settings }: { settings: Notifications.NotificationPermissionsStatus }) {
  let caption = 'Push notifications off';
  if (settings.granted) {
    caption = 'Push notifications on';
  }
  return <Text style={{ opacity: 0.7 }}>{caption}</Text>;
}
