// EXPECT: PBC on `permission?.granted` in JSX cond and on `!permission.granted` in handler
import React from 'react';
import { Button, Text } from 'react-native';
import { usePermissions } from 'expo-notifications';

export function PushCard() {
  const [permission, requestPermission] = usePermissions();
  if (!permission) return null;
  return permission.granted ? <Text>On</Text> : ( // expect: provisional-blind-check
    <Button title="Enable" onPress={requestPermission} />
  );
}
