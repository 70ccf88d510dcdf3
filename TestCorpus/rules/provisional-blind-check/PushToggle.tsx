import React, { useEffect, useState } from 'react';
import { Switch, Text, View } from 'react-native';
import * as Notifications from 'expo-notifications';

// The native sibling of PushToggle.web.tsx: the same code on iOS drops provisional devices.
export function PushToggle() {
  const [enabled, setEnabled] = useState(false);

  useEffect(() => {
    Notifications.getPermissionsAsync().then(({ status }) => setEnabled(status === 'granted')); // expect: provisional-blind-check
  }, []);

  const onValueChange = async (next: boolean) => {
    if (!next) return;
    const current = await Notifications.getPermissionsAsync();
    if (current.status === 'denied') return;
    const result = await Notifications.requestPermissionsAsync({
      ios: { allowAlert: true, allowSound: true, allowProvisional: false },
    });
    if (!result.granted) return; // expect: provisional-blind-check
    setEnabled(true);
  };

  return (
    <View>
      <Text>Notifications</Text>
      <Switch value={enabled} onValueChange={onValueChange} />
    </View>
  );
}
