// `select` picks the status out of the response: `data` is the status.
import * as Notifications from 'expo-notifications';
import { useQuery } from '@tanstack/react-query';

export function usePermissionStatus() {
  const { data: status } = useQuery({
    queryKey: ['notification-status'],
    queryFn: () => Notifications.getPermissionsAsync(),
    select: (response) => response.status,
  });
  if (status !== 'granted') { // expect: provisional-blind-check
    return 'ask';
  }
  return 'ok';
}
