import React, { useEffect } from 'react';
import { Text, View } from 'react-native';

import { usePushPermission } from '../providers/PushPermissionProvider';

type Navigation = { navigate: (route: string) => void };

// A device that is not 'granted' is sent to the screen that asks for full authorization.
export function ChatScreen({ navigation }: { navigation: Navigation }) {
  const { status } = usePushPermission();

  useEffect(() => {
    if (status !== null && status !== 'granted') navigation.navigate('EnableNotifications'); // expect: provisional-blind-check
  }, [status, navigation]);

  return (
    <View>
      <Text>Messages</Text>
    </View>
  );
}

// Read through the context object, only to label the header: not reported.
export function ChatHeader() {
  const permission = usePushPermission();
  return <Text>{permission.status === 'granted' ? 'Alerts on' : 'Alerts off'}</Text>;
}
