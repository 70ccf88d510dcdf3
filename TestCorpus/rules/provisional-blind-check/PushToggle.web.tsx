import React, { useEffect, useState } from 'react';
import { Switch, Text, View } from 'react-native';
import * as Notifications from 'expo-notifications';

// The browser build of the toggle (Metro picks *.web.tsx on web): a browser has no provisional
// authorization, so the root status is all there is. Nothing here is reported.
export function PushToggle() {
  const [enabled, setEnabled] = useState(false);

  useEffect(() => {
    Notifications.getPermissionsAsync().then(({ status }) => setEnabled(status === 'granted'));
  }, []);

  const onValueChange = async (next: boolean) => {
    if (!next) return;
    const current = await Notifications.getPermissionsAsync();
    if (current.status === 'denied') return;
    const result = await Notifications.requestPermissionsAsync();
    if (!result.granted) return;
    setEnabled(true);
  };

  return (
    <View>
      <Text>Browser notifications</Text>
      <Switch value={enabled} onValueChange={onValueChange} />
    </View>
  );
}
