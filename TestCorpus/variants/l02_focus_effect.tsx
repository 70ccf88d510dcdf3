// EXPECT: PBC on setEnabled(granted) in useFocusEffect(useCallback)
import { useCallback, useState } from 'react';
import { useFocusEffect } from '@react-navigation/native';
import * as Notifications from 'expo-notifications';

export function useEnabledOnFocus() {
  const [enabled, setEnabled] = useState(false);
  useFocusEffect(
    useCallback(() => {
      let active = true;
      Notifications.getPermissionsAsync().then(({ granted }) => {
        if (active) setEnabled(granted); // expect: provisional-blind-check
      });
      return () => { active = false; };
    }, []),
  );
  return enabled;
}
