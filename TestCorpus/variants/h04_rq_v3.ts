// EXPECT: PBC on data?.granted (react-query v3 positional queryFn)
import { useQuery } from 'react-query';
import * as Notifications from 'expo-notifications';

export function usePushEnabled() {
  const { data } = useQuery('notification-permission', Notifications.getPermissionsAsync);
  return !!data?.granted; // expect: provisional-blind-check
}
