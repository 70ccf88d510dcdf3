import React from 'react';
import { Button, Text } from 'react-native';
import { useSelector } from 'react-redux';

import type { AppPermission } from '../store/permissionSlice';

// The stored value is the app's own word, written only from a provisional-aware mapping.
export function NotificationsGate({ onEnable }: { onEnable: () => void }) {
  const permission = useSelector((s: { permission: { notifications: AppPermission } }) => s.permission.notifications);
  if (permission === 'granted' || permission === 'quiet') return <Text>You are all set</Text>;
  if (permission !== 'undetermined') return null;
  return <Button title="Enable notifications" onPress={onEnable} />;
}
