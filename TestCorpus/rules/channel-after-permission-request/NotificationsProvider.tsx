import React, { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Platform } from 'react-native';
import * as Notifications from 'expo-notifications';

const NotificationsAllowed = createContext(false);

async function ensureChannels(): Promise<void> {
  if (Platform.OS !== 'android') return;
  await Notifications.setNotificationChannelAsync('default', {
    name: 'General',
    importance: Notifications.AndroidImportance.DEFAULT,
  });
}

async function askForPermission(): Promise<boolean> {
  await ensureChannels();
  const result = await Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: { allowAlert: true, allowSound: true, allowProvisional: true },
  });
  return result.status !== 'denied';
}

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [allowed, setAllowed] = useState(false);

  useEffect(() => {
    askForPermission().then(setAllowed);
  }, []);

  return <NotificationsAllowed.Provider value={allowed}>{children}</NotificationsAllowed.Provider>;
}

// A second provider written later for the reminders feature: asks, then creates its channel.
export function RemindersProvider({ children }: { children: ReactNode }) {
  const [allowed, setAllowed] = useState(false);

  useEffect(() => {
    (async () => {
      const result = await Notifications.requestPermissionsAsync({
        ios: { allowAlert: true, allowSound: true, allowProvisional: false },
      });
      await Notifications.setNotificationChannelAsync('reminders', { // expect: channel-after-permission-request
        name: 'Reminders',
        importance: Notifications.AndroidImportance.HIGH,
      });
      setAllowed(result.status !== 'denied');
    })();
  }, []);

  return <NotificationsAllowed.Provider value={allowed}>{children}</NotificationsAllowed.Provider>;
}

export const useNotificationsAllowed = () => useContext(NotificationsAllowed);
