import React, { useState } from 'react';
import { ActivityIndicator, Platform, Pressable, StyleSheet, Text, View } from 'react-native';
import * as Notifications from 'expo-notifications';

type Props = {
  onContinue: () => void;
};

export default function OnboardingNotificationsStep({ onContinue }: Props) {
  const [busy, setBusy] = useState(false);
  const [showSettingsHint, setShowSettingsHint] = useState(false);

  const enableNotifications = async () => {
    setBusy(true);
    try {
      if (Platform.OS === 'android') {
        // Android 13+ only shows the system prompt once a channel exists.
        await Notifications.setNotificationChannelAsync('order-updates', {
          name: 'Order updates',
          importance: Notifications.AndroidImportance.HIGH,
        });
        await Notifications.requestPermissionsAsync();
      } else {
        const notificationPermissionResponse =
          await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional
        setShowSettingsHint(notificationPermissionResponse.status === 'denied');
      }
      onContinue();
    } finally {
      setBusy(false);
    }
  };

  return (
    <View style={styles.container}>
      <Text style={styles.title}>Know when your order ships</Text>
      <Text style={styles.body}>We only send delivery updates. No marketing, promise.</Text>
      {showSettingsHint && <Text style={styles.hint}>You can turn them on later in Settings.</Text>}
      <Pressable style={styles.primary} onPress={enableNotifications} disabled={busy}>
        {busy ? <ActivityIndicator color="#fff" /> : <Text style={styles.primaryLabel}>Turn on notifications</Text>}
      </Pressable>
      <Pressable onPress={onContinue}>
        <Text style={styles.secondaryLabel}>Not now</Text>
      </Pressable>
    </View>
  );
}

const styles = StyleSheet.create({
  container: { flex: 1, justifyContent: 'center', padding: 24, gap: 16 },
  title: { fontSize: 24, fontWeight: '700' },
  body: { fontSize: 16, color: '#444' },
  hint: { fontSize: 14, color: '#a15c00' },
  primary: { backgroundColor: '#1f6feb', borderRadius: 12, paddingVertical: 14, alignItems: 'center' },
  primaryLabel: { color: '#fff', fontSize: 16, fontWeight: '600' },
  secondaryLabel: { color: '#1f6feb', fontSize: 16, textAlign: 'center' },
});
