// `select` maps the response to a provisional-aware boolean: the data is no status, no finding.
import * as Notifications from 'expo-notifications';
import { useQuery } from '@tanstack/react-query';

export function useCanNotify() {
  const { data: canNotify } = useQuery({
    queryKey: ['can-notify'],
    queryFn: () => Notifications.getPermissionsAsync(),
    select: (response) =>
      response.granted || response.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL,
  });
  return canNotify === true;
}
