import React, { useEffect } from 'react';
import { Text } from 'react-native';

import { usePushStore } from '../stores/pushStore';

export function InboxScreen({ registerToken }: { registerToken: () => Promise<void> }) {
  const status = usePushStore((s) => s.status);

  useEffect(() => {
    if (status === 'granted') void registerToken();
  }, [status, registerToken]);

  return <Text>Inbox</Text>;
}

export function shouldNagForPush(): boolean {
  return usePushStore.getState().status !== 'granted';
}
