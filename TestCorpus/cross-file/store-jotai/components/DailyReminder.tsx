import React, { useEffect } from 'react';
import { Text } from 'react-native';
import { useAtomValue } from 'jotai';
import * as Notifications from 'expo-notifications';

import { useAskForPermission } from '../hooks/usePermissionSync';
import { permissionAtom } from '../state/permissionAtom';

// The stored status decides whether the daily reminder is scheduled.
export function DailyReminder({ hour }: { hour: number }) {
  const allowed = useAtomValue(permissionAtom) === 'granted'; // expect: provisional-blind-check

  useEffect(() => {
    if (!allowed) return;
    Notifications.scheduleNotificationAsync({
      content: { title: 'Time for your daily check-in' },
      trigger: { type: Notifications.SchedulableTriggerInputTypes.DAILY, hour, minute: 0 },
    });
  }, [allowed, hour]);

  return <Text>{allowed ? 'Reminder set' : 'Reminder off'}</Text>;
}

// useAtom's value, through the hook: the request button is shown to anyone not granted.
export function EnableRemindersButton() {
  const { status, ask } = useAskForPermission();
  if (status === 'granted') return null; // expect: provisional-blind-check
  return <Text onPress={ask}>Turn on reminders</Text>;
}

// Only shown: not reported.
export function ReminderStatusText() {
  const status = useAtomValue(permissionAtom);
  return <Text>{status === 'granted' ? 'Reminders can reach you' : 'Reminders are muted'}</Text>;
}
