// EXPECT: PBC on `if (!granted)` ; MAP on request; PBC on setEnabled(res.granted)
import React, { useState } from 'react';
import { Switch, Linking } from 'react-native';
import * as Notifications from 'expo-notifications';

export function PushToggle() {
  const [enabled, setEnabled] = useState(false);
  const onToggle = async (value: boolean) => {
    if (!value) return setEnabled(false);
    const { granted, canAskAgain } = await Notifications.getPermissionsAsync();
    if (!granted) { // expect: provisional-blind-check
      if (!canAskAgain) return Linking.openSettings();
      const res = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional
      setEnabled(res.granted); // expect: provisional-blind-check
    }
  };
  return <Switch value={enabled} onValueChange={onToggle} />;
}
