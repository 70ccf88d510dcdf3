// EXPECT: nothing (android-only JSX conditional)
import React from 'react';
import { Platform, Text } from 'react-native';
import * as Notifications from 'expo-notifications';

export function Banner() {
  const [permission] = Notifications.usePermissions();
  return (
    <>
      {Platform.OS === 'android' && !permission?.granted && <Text>Enable notifications</Text>}
    </>
  );
}
