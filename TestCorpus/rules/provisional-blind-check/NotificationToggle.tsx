import { useCallback } from 'react';
import { Linking, Pressable, StyleSheet, Switch, Text, View } from 'react-native';
import * as Notifications from 'expo-notifications';

type Props = { onEnabled?: () => void };

export function NotificationToggle({ onEnabled }: Props) {
  const [permission, requestPermission] = Notifications.usePermissions({
    ios: { allowAlert: true, allowSound: true, allowProvisional: false },
  });

  const handleChange = useCallback(
    async (next: boolean) => {
      if (!next) {
        await Linking.openSettings();
        return;
      }
      if (permission?.status !== 'granted' && permission?.canAskAgain) { // expect: provisional-blind-check
        const result = await requestPermission();
        if (!result.granted) { // expect: provisional-blind-check
          return;
        }
        onEnabled?.();
        return;
      }
      await Linking.openSettings();
    },
    [permission, requestPermission, onEnabled],
  );

  if (!permission) {
    return null;
  }

  return (
    <View style={styles.row}>
      <Text style={styles.label}>Daily reminders</Text>
      <Switch
        value={permission?.granted ?? false} // expect: provisional-blind-check
        onValueChange={handleChange}
      />
      {!permission.granted && ( // expect: provisional-blind-check
        <Pressable onPress={() => Linking.openSettings()}>
          <Text style={styles.hint}>Open Settings to turn notifications on</Text>
        </Pressable>
      )}
    </View>
  );
}

const styles = StyleSheet.create({
  row: { flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between', padding: 16 },
  label: { fontSize: 16 },
  hint: { color: '#6B7280', marginTop: 4 },
});
