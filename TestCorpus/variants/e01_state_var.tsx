// EXPECT: PBC on permStatus === 'granted' (status flows into React state, then compared) -- beyond "variable assigned" maybe
import React, { useEffect, useState } from 'react';
import * as Notifications from 'expo-notifications';
import { Text } from 'react-native';

export function PushBadge() {
  const [permStatus, setPermStatus] = useState<Notifications.PermissionStatus>();
  useEffect(() => {
    Notifications.getPermissionsAsync().then(({ status }) => setPermStatus(status));
  }, []);
  return <Text>{permStatus === 'granted' ? 'On' : 'Off'}</Text>; // expect: provisional-blind-check
}
