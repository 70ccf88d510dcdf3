// EXPECT: PBC on permission.status === 'undetermined' (shows pre-prompt to provisional users) and on && render
import React from 'react';
import { Text } from 'react-native';
import * as Notifications from 'expo-notifications';

export function PrePrompt() {
  const [permission, requestPermission] = Notifications.usePermissions({ ios: { allowProvisional: false } });
  if (permission?.status === Notifications.PermissionStatus.UNDETERMINED) { // expect: provisional-blind-check
    return <Text onPress={requestPermission}>Turn on notifications</Text>;
  }
  return permission?.granted && <Text>Enabled</Text>; // expect: provisional-blind-check
}
