// A queryOptions({...}) object shared by hooks.
import { getPermissionsAsync } from 'expo-notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const permissionQuery = queryOptions({
  queryKey: ['permissions'],
  queryFn: async () => {
    const { status } = await getPermissionsAsync();
    return status;
  },
});

export function useCanNotify() {
  const { data } = useQuery(permissionQuery);
  return data === 'granted'; // expect: provisional-blind-check
}

const plainOptions = { queryKey: ['p2'], queryFn: getPermissionsAsync };

export function useGranted() {
  const { data } = useQuery(plainOptions);
  return data?.granted === true; // expect: provisional-blind-check
}
