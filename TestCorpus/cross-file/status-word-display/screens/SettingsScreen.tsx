import React, { useEffect, useState } from 'react';
import { ScrollView, Text, View } from 'react-native';

import { notificationState, type NotificationState } from '../notifications/notificationState';

function SettingsRow({ title, value }: { title: string; value: string }) {
  return (
    <View style={{ flexDirection: 'row', justifyContent: 'space-between', padding: 16 }}>
      <Text>{title}</Text>
      <Text style={{ color: '#71717a' }}>{value}</Text>
    </View>
  );
}

export function SettingsScreen() {
  const [notifications, setNotifications] = useState<NotificationState | null>(null);

  useEffect(() => {
    notificationState().then(setNotifications);
  }, []);

  return (
    <ScrollView>
      <SettingsRow title="Notifications" value={notifications ?? '…'} />
      <SettingsRow title="Version" value="4.2.0" />
    </ScrollView>
  );
}
