import React from 'react';
import { Button, Text, View } from 'react-native';
import * as Notifications from 'expo-notifications';

const QUIET = { ios: { allowAlert: true, allowSound: true, allowProvisional: true } };

// Hidden once granted: a user who declined still sees the button, taps it, and nothing happens.
export function QuietPromptButton() {
  const [permission, requestPermission] = Notifications.usePermissions(QUIET);
  if (permission?.granted) return null; // expect: provisional-blind-check
  return <Button title="Get updates" onPress={() => requestPermission()} />; // expect: unguarded-provisional-request
}

// Hidden for granted devices and for declined ones.
export function QuietPromptRow() {
  const [permission, requestPermission] = Notifications.usePermissions(QUIET);
  if (!permission || permission.status === 'denied') return null;
  if (permission.status === 'granted') return null; // expect: provisional-blind-check
  return (
    <View>
      <Text>Get updates quietly in Notification Center.</Text>
      <Button title="Sounds good" onPress={() => requestPermission()} />
    </View>
  );
}
