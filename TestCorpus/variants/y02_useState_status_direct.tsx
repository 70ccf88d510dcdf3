// EXPECT: PBC on notificationStatus === 'granted' (state set from request result)
import { useState } from 'react';
import { requestPermissionsAsync } from 'expo-notifications';

export function useNotif() {
  const [notificationStatus, setNotificationStatus] = useState('undetermined');
  const ask = async () => {
    const { status } = await requestPermissionsAsync({ ios: { allowProvisional: true } }); // expect: unguarded-provisional-request
    setNotificationStatus(status);
  };
  return { ask, enabled: notificationStatus === 'granted' }; // expect: provisional-blind-check
}
