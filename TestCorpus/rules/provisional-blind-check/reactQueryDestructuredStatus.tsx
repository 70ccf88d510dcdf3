// react-query `data` whose queryFn returns a destructured status.
import { getPermissionsAsync } from 'expo-notifications';
import { useQuery } from '@tanstack/react-query';

export function useNotificationsOn() {
  const { data } = useQuery({
    queryKey: ['notification-permission'],
    queryFn: async () => {
      const { status } = await getPermissionsAsync();
      return status;
    },
  });
  return data === 'granted'; // expect: provisional-blind-check
}

export function useNotificationsOnRenamed() {
  const { data: permission } = useQuery({
    queryKey: ['notification-permission-2'],
    async queryFn() {
      return (await getPermissionsAsync()).status;
    },
  });
  return permission !== 'granted'; // expect: provisional-blind-check
}
