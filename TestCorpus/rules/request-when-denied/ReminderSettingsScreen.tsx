// expect-project-note: channel-after-permission-request
import React, { useState } from 'react';
import { Alert, Linking, Pressable, StyleSheet, Switch, Text, View } from 'react-native';
import * as Notifications from 'expo-notifications';

export function ReminderSettingsScreen() {
  const [enabled, setEnabled] = useState(false);

  const onToggle = async (value: boolean) => {
    if (!value) {
      setEnabled(false);
      return;
    }
    const settings = await Notifications.getPermissionsAsync();
    if (!settings.canAskAgain) {
      Alert.alert('Reminders are blocked', 'Allow notifications for this app in Settings.', [
        { text: 'Cancel', style: 'cancel' },
        { text: 'Settings', onPress: () => Linking.openSettings() },
      ]);
      return;
    }
    const result = await Notifications.requestPermissionsAsync({
      ios: { allowAlert: true, allowSound: true, allowProvisional: true },
    });
    setEnabled(result.status !== 'denied');
  };

  const onRetry = async () => {
    const { status: current } = await Notifications.getPermissionsAsync();
    if (current === 'granted') return; // expect: provisional-blind-check
    const { status } = await Notifications.requestPermissionsAsync({ // expect: request-when-denied
      ios: { allowAlert: true, allowSound: true, allowProvisional: false },
    });
    setEnabled(status !== 'denied');
  };

  return (
    <View style={styles.row}>
      <Text style={styles.label}>Daily reminders</Text>
      <Switch value={enabled} onValueChange={onToggle} />
      <Pressable onPress={onRetry}>
        <Text style={styles.link}>Ask again</Text>
      </Pressable>
    </View>
  );
}

const styles = StyleSheet.create({
  row: { flexDirection: 'row', alignItems: 'center', padding: 16, gap: 12 },
  label: { flex: 1, fontSize: 16 },
  link: { color: '#2F80ED' },
});
