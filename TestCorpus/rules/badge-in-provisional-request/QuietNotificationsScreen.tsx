import React from 'react';
import { Button, StyleSheet, Text, View } from 'react-native';
import * as Notifications from 'expo-notifications';

// Quiet delivery for the daily digest: no prompt, straight to Notification Center.
export function DigestOptIn() {
  const [permission, requestPermission] = Notifications.usePermissions({
    ios: {
      allowAlert: true,
      allowSound: true,
      allowBadge: true, // expect: badge-in-provisional-request
      allowProvisional: true,
    },
  });

  return (
    <View style={styles.card}>
      <Text style={styles.title}>Daily digest</Text>
      <Text>{permission?.ios?.allowsBadge ? 'Badge on' : 'Badge off'}</Text>
      <Button title="Send me the digest" onPress={() => requestPermission()} />{/* expect: unguarded-provisional-request */}
    </View>
  );
}

// Same screen for the weekly summary, without a badge.
export function WeeklySummaryOptIn() {
  const [permission, requestPermission] = Notifications.usePermissions({
    ios: { allowAlert: true, allowSound: true, allowProvisional: true },
  });

  return (
    <View style={styles.card}>
      <Text style={styles.title}>Weekly summary</Text>
      <Text>{permission?.ios?.allowsAlert ? 'Alerts on' : 'Alerts off'}</Text>
      <Button title="Send me the summary" onPress={() => requestPermission()} />{/* expect: unguarded-provisional-request */}
    </View>
  );
}

const styles = StyleSheet.create({
  card: { padding: 16, borderRadius: 12, backgroundColor: '#f4f4f5', gap: 8 },
  title: { fontSize: 18, fontWeight: '600' },
});
