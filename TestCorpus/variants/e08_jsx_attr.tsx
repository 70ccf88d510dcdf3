// EXPECT: PBC on value={permission?.granted} JSX attribute
import React from 'react';
import { Switch } from 'react-native';
import * as Notifications from 'expo-notifications';

export function Toggle() {
  const [permission, request] = Notifications.usePermissions({ ios: { allowProvisional: true } });
  return <Switch value={permission?.granted} onValueChange={() => request()} />; // expect: provisional-blind-check, unguarded-provisional-request
}
