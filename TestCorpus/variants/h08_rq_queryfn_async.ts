// EXPECT: PBC on query.data?.status === 'granted'
import { useQuery } from '@tanstack/react-query';
import * as Notifications from 'expo-notifications';

export function usePerm() {
  const query = useQuery({
    queryKey: ['perm'],
    queryFn: async () => {
      const res = await Notifications.getPermissionsAsync();
      return res;
    },
  });
  return query.data?.status === 'granted'; // expect: provisional-blind-check
}
