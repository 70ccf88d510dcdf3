// EXPECT: nothing (callback lexically inside android branch)
import { useEffect } from 'react';
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

export function useAndroidPermission(setOk: (b: boolean) => void) {
  useEffect(() => {
    if (Platform.OS === 'android') {
      Notifications.getPermissionsAsync().then(({ granted }) => setOk(granted));
    }
  }, []);
}
