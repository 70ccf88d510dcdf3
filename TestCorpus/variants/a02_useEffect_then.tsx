// EXPECT: PBC on `status === 'granted'` inside .then in useEffect
import React, { useEffect, useState } from 'react';
import * as Notifications from 'expo-notifications';

export default function NotificationSwitch() {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    Notifications.getPermissionsAsync().then((res) => {
      setEnabled(res.status === 'granted'); // expect: provisional-blind-check
    });
  }, []);
  return null;
}
