// EXPECT: PBC on data?.status === 'granted' ; (queryFn returns the response)
import { useQuery } from '@tanstack/react-query';
import * as Notifications from 'expo-notifications';

export function usePushPermission() {
  const { data } = useQuery({
    queryKey: ['push-permission'],
    queryFn: () => Notifications.getPermissionsAsync(),
  });
  const isGranted = data?.status === 'granted'; // expect: provisional-blind-check
  return isGranted;
}
