// EXPECT: PBC x2, MAP in IIFE in useEffect (EMONEWS shape)
import { useEffect } from 'react';
import * as Notifications from 'expo-notifications';

export default function useNotificationPermission() {
  useEffect(() => {
    (async () => {
      const { status } = await Notifications.getPermissionsAsync();
      if (status !== 'granted') { // expect: provisional-blind-check
        const { status: newStatus } = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
        if (newStatus !== 'granted') { // expect: provisional-blind-check
          alert('Notification permissions were denied');
        }
      }
    })();
  }, []);
}
