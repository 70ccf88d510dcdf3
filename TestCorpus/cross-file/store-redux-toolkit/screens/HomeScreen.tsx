import React, { useEffect } from 'react';
import { Text, View } from 'react-native';
import { useDispatch, useSelector } from 'react-redux';
import * as Notifications from 'expo-notifications';

import { refreshPermission } from '../push/permissionThunks';
import type { AppDispatch, RootState } from '../store';
import { setToken } from '../store/pushSlice';

export function HomeScreen({ projectId }: { projectId: string }) {
  const dispatch = useDispatch<AppDispatch>();
  const pushAllowed = useSelector((s: RootState) => s.push.status) === 'granted'; // expect: provisional-blind-check
  const status = useSelector((s: RootState) => s.push.status);

  useEffect(() => {
    dispatch(refreshPermission());
  }, [dispatch]);

  useEffect(() => {
    if (!pushAllowed) return;
    Notifications.getExpoPushTokenAsync({ projectId }).then(({ data }) => dispatch(setToken(data)));
  }, [pushAllowed, projectId, dispatch]);

  return (
    <View>
      <Text>Home</Text>
      <Text>{status === 'granted' ? 'Push on' : 'Push off'}</Text>
    </View>
  );
}
