import React from 'react';
import { StyleSheet, Switch, Text, View } from 'react-native';

import { useNotificationPermission } from '../hooks/useNotificationPermission';

export default function SettingsScreen() {
  const { enabled, canAskAgain, request } = useNotificationPermission();

  const onValueChange = (next: boolean) => {
    if (next) {
      request();
    }
  };

  return (
    <View style={styles.container}>
      <View style={styles.row}>
        <Text style={styles.label}>Notifications</Text>
        <Switch value={enabled} onValueChange={onValueChange} />
      </View>
      {!canAskAgain && (
        <Text style={styles.hint}>Notifications are turned off for this app in Settings.</Text>
      )}
    </View>
  );
}

const styles = StyleSheet.create({
  container: { paddingHorizontal: 20, paddingVertical: 12 },
  row: { flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between' },
  label: { fontSize: 17 },
  hint: { marginTop: 8, fontSize: 13, color: '#8a8a8e' },
});
