// useSuspenseQuery with a status-returning queryFn.
import * as Notifications from 'expo-notifications';
import { useSuspenseQuery } from '@tanstack/react-query';

export function usePushStatus() {
  const query = useSuspenseQuery({
    queryKey: ['push'],
    queryFn: async () => {
      const { status } = await Notifications.getPermissionsAsync();
      return status;
    },
  });
  return query.data === 'granted'; // expect: provisional-blind-check
}
