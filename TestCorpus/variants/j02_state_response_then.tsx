// EXPECT: PBC on perm?.status !== 'granted' (response state via .then(setPerm))
import React, { useEffect, useState } from 'react';
import * as Notifications from 'expo-notifications';

export function Banner() {
  const [perm, setPerm] = useState<Notifications.NotificationPermissionsStatus>();
  useEffect(() => {
    Notifications.getPermissionsAsync().then(setPerm);
  }, []);
  if (perm?.status !== 'granted') return null; // expect: provisional-blind-check
  return null;
}
