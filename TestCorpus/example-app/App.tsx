import './src/notifications/handler';

import { StatusBar } from 'expo-status-bar';
import React, { useEffect, useState } from 'react';
import { StyleSheet, Text, View } from 'react-native';
import * as Notifications from 'expo-notifications';

import { registerForPushNotificationsAsync } from './src/notifications/registerForPushNotifications';
import SettingsScreen from './src/screens/SettingsScreen';

export default function App() {
  const [pushToken, setPushToken] = useState<string | undefined>();
  const [lastTitle, setLastTitle] = useState<string | null>(null);

  useEffect(() => {
    registerForPushNotificationsAsync()
      .then(setPushToken)
      .catch((error) => console.warn('Push registration failed', error));

    const subscription = Notifications.addNotificationReceivedListener((notification) => {
      setLastTitle(notification.request.content.title);
    });
    return () => subscription.remove();
  }, []);

  return (
    <View style={styles.container}>
      <Text style={styles.heading}>granted-lint example</Text>
      <Text selectable style={styles.token}>{pushToken ?? 'No push token yet'}</Text>
      <Text style={styles.last}>Last notification: {lastTitle ?? 'none'}</Text>
      <SettingsScreen />
      <StatusBar style="auto" />
    </View>
  );
}

const styles = StyleSheet.create({
  container: { flex: 1, paddingTop: 72, backgroundColor: '#fff' },
  heading: { fontSize: 22, fontWeight: '700', paddingHorizontal: 20 },
  token: { fontSize: 12, color: '#555', paddingHorizontal: 20, marginTop: 8 },
  last: { fontSize: 15, paddingHorizontal: 20, marginVertical: 12 },
});
