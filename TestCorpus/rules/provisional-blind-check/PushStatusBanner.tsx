import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pressable, Text, View } from 'react-native';
import * as Notifications from 'expo-notifications';

const permissionKey = ['notifications', 'permission'] as const;

export function usePushEnabledQuery() {
  return useQuery({
    queryKey: ['notifications', 'enabled'],
    queryFn: async () => (await Notifications.getPermissionsAsync()).granted, // expect: provisional-blind-check
  });
}

export function usePushReadyQuery() {
  return useQuery({
    queryKey: ['notifications', 'ready'],
    queryFn: async () => {
      const { status } = await Notifications.getPermissionsAsync();
      return status === 'granted'; // expect: provisional-blind-check
    },
  });
}

export function PushStatusBanner() {
  const queryClient = useQueryClient();
  const { data, isLoading } = useQuery({
    queryKey: permissionKey,
    queryFn: () => Notifications.getPermissionsAsync(),
    staleTime: 60_000,
  });
  const enable = useMutation({
    mutationFn: () =>
      Notifications.requestPermissionsAsync({
        ios: { allowAlert: true, allowSound: true, allowProvisional: false },
      }),
    onSuccess: (result) => queryClient.setQueryData(permissionKey, result),
  });

  if (isLoading || data?.status === 'granted') { // expect: provisional-blind-check
    return null;
  }

  return (
    <View style={{ padding: 12, backgroundColor: '#FEF3C7' }}>
      <Text>Get a heads-up when your order ships.</Text>
      <Pressable disabled={enable.isPending || data?.canAskAgain === false} onPress={() => enable.mutate()}>
        <Text>Turn on notifications</Text>
      </Pressable>
    </View>
  );
}

export function PushStatusPill() {
  const { data } = useQuery({
    queryKey: permissionKey,
    queryFn: () => Notifications.getPermissionsAsync(),
  });
  return (
    <View>
      {data?.granted ? <Text>Alerts on</Text> : <Text>Alerts off</Text>}{/* expect: provisional-blind-check */}
    </View>
  );
}
