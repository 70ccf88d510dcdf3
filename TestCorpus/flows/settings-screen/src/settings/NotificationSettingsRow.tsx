import React, { useState } from 'react';
import { StyleSheet, Switch, Text, View } from 'react-native';
import { toggleNotifications, type ToggleResult } from './notificationToggle';

type Props = {
  /** Read by the screen when it mounts. */
  initiallyOn: boolean;
};

export function NotificationSettingsRow({ initiallyOn }: Props) {
  const [result, setResult] = useState<ToggleResult>(initiallyOn ? 'on' : 'undetermined');

  return (
    <View style={styles.row}>
      <Text style={styles.label}>Push notifications</Text>
      <Switch
        value={result === 'on' || result === 'granted'}
        onValueChange={() => {
          toggleNotifications().then(setResult);
        }}
      />
      {result === 'blocked' && <Text style={styles.hint}>Turn them on in Settings.</Text>}
    </View>
  );
}

const styles = StyleSheet.create({
  row: { flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between', padding: 16 },
  label: { fontSize: 16 },
  hint: { color: '#888', fontSize: 12 },
});
