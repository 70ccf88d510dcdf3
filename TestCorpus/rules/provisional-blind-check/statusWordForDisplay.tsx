import React, { useEffect, useState } from 'react';
import { Text, View } from 'react-native';
import * as Notifications from 'expo-notifications';

type NotificationState = 'enabled' | 'disabled';

// The same mapping, but its word is only ever shown: no finding.
async function notificationState(): Promise<NotificationState> {
  const { status } = await Notifications.getPermissionsAsync();
  return status === 'granted' ? 'enabled' : 'disabled';
}

export function NotificationSettingsRow() {
  const [state, setState] = useState<NotificationState | null>(null);

  useEffect(() => {
    notificationState().then(setState);
  }, []);

  return (
    <View style={{ flexDirection: 'row', justifyContent: 'space-between' }}>
      <Text>Notifications</Text>
      <Text>{state ?? '…'}</Text>
    </View>
  );
}

// An if/return mapping whose word goes into a template for the row's subtitle.
async function pushSubtitle(): Promise<string> {
  const { granted } = await Notifications.getPermissionsAsync();
  if (granted) return 'On for this device';
  return 'Off for this device';
}

export function PushSubtitle() {
  const [subtitle, setSubtitle] = useState('');
  useEffect(() => {
    pushSubtitle().then((text) => setSubtitle(`Push: ${text}`));
  }, []);
  return <Text>{subtitle}</Text>;
}
