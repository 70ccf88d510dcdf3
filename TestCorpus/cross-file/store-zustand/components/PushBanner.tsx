import React from 'react';
import { Pressable, Text } from 'react-native';

import { useNotificationStore } from '../stores/notificationStore';

// The banner that asks for notifications: a provisional device reads 'undetermined' and sees it.
export function PushBanner() {
  const needsPrompt = useNotificationStore((s) => s.status) !== 'granted'; // expect: provisional-blind-check
  const request = useNotificationStore((s) => s.request);
  if (!needsPrompt) return null;
  return (
    <Pressable onPress={request}>
      <Text>Turn on notifications to hear about replies</Text>
    </Pressable>
  );
}

// Only shown: not reported.
export function PushStatusLabel() {
  const status = useNotificationStore((s) => s.status);
  return <Text>{status === 'granted' ? 'Notifications on' : 'Notifications off'}</Text>;
}
