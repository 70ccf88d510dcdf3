// EXPECT: nothing — the status flows into React state, then a comparison only picks a label to show (display-only since issue 23)
import React, { useEffect, useState } from 'react';
import * as Notifications from 'expo-notifications';
import { Text } from 'react-native';

export function PushBadge() {
  const [permStatus, setPermStatus] = useState<Notifications.PermissionStatus>();
  useEffect(() => {
    Notifications.getPermissionsAsync().then(({ status }) => setPermStatus(status));
  }, []);
  // A label to show, nothing decided (issue 23: display strings are display-only).
  return <Text>{permStatus === 'granted' ? 'On' : 'Off'}</Text>;
}
