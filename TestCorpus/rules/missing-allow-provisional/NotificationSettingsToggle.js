import React, { useCallback, useEffect, useState } from 'react';
import { AppState, Linking, StyleSheet, Switch, Text, View } from 'react-native';
import Notifications from 'expo-notifications';

export default function NotificationSettingsToggle() {
  const [enabled, setEnabled] = useState(false);
  const [blocked, setBlocked] = useState(false);

  const refresh = useCallback(async () => {
    const settings = await Notifications.getPermissionsAsync();
    setEnabled(settings.granted); // expect: provisional-blind-check
    setBlocked(!settings.canAskAgain);
  }, []);

  useEffect(() => {
    refresh();
    const subscription = AppState.addEventListener('change', (state) => {
      if (state === 'active') refresh();
    });
    return () => subscription.remove();
  }, [refresh]);

  const onToggle = async (next) => {
    // An app cannot revoke its own permission, and a denied one cannot be asked again.
    if (!next || blocked) {
      await Linking.openSettings();
      return;
    }
    await Notifications.requestPermissionsAsync({ // expect: missing-allow-provisional
      ios: { allowAlert: true, allowBadge: true, allowSound: true },
    });
    await refresh();
  };

  return (
    <View style={styles.row}>
      <View style={styles.labels}>
        <Text style={styles.title}>Push notifications</Text>
        {blocked ? <Text style={styles.hint}>Turned off in system Settings</Text> : null}
      </View>
      <Switch value={enabled} onValueChange={onToggle} />
    </View>
  );
}

const styles = StyleSheet.create({
  row: { flexDirection: 'row', alignItems: 'center', padding: 16 },
  labels: { flex: 1 },
  title: { fontSize: 16 },
  hint: { fontSize: 13, color: '#888', marginTop: 2 },
});
