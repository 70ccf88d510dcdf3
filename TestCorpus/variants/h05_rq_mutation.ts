// EXPECT: PBC on res.granted in onSuccess of useMutation (mutationFn returns request result); MAP on request()
import { useMutation } from '@tanstack/react-query';
import * as Notifications from 'expo-notifications';

export function useEnablePush(onEnabled: () => void) {
  return useMutation({
    mutationFn: () => Notifications.requestPermissionsAsync(), // expect: missing-allow-provisional
    onSuccess: (res) => {
      if (res.granted) onEnabled(); // expect: provisional-blind-check
    },
  });
}
