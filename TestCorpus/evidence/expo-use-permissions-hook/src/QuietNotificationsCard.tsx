import React from 'react';
import { Button, Text, View } from 'react-native';
import * as Notifications from 'expo-notifications';

export function QuietNotificationsCard() {
  const [permission, requestPermission] = Notifications.usePermissions({ ios: { allowAlert: true, allowProvisional: true } }); // evidence-site
  if (permission?.status === 'granted') { // expect: provisional-blind-check=error
    return <Text>You will hear from us.</Text>;
  }
  return (
    <View>
      <Text>Get updates quietly in Notification Center.</Text>
      <Button title="Sounds good" onPress={() => requestPermission()} /> // expect: unguarded-provisional-request
    </View>
  );
}
