import { useEffect, useState } from 'react';
import { Pressable, Text } from 'react-native';
import * as Notifications from 'expo-notifications';
import { IosAuthorizationStatus } from 'expo-notifications';
import { usePostHog } from 'posthog-react-native';

import { AppAnalytics, trackEvent } from '../services/analytics';

// A helper whose only callers send its result: the analytics property is the one finding.
async function isPushEnabled(): Promise<boolean> {
  try {
    const { status } = await Notifications.getPermissionsAsync();
    return status === 'granted';
  } catch {
    return false;
  }
}

export async function onAppOpen(): Promise<void> {
  trackEvent('app_open', { push: await isPushEnabled() }); // expect: provisional-blind-analytics
  const pushOn = await isPushEnabled();
  AppAnalytics.track('app_open_detail', { pushOn }); // expect: provisional-blind-analytics
}

// A hook returns the comparison, which is reported where it is made; a screen sends the member.
function usePushPermission() {
  const [permission, requestPermission] = Notifications.usePermissions();
  return { isGranted: permission?.status === 'granted', requestPermission }; // expect: provisional-blind-check
}

export function NotificationsScreen() {
  const posthog = usePostHog();
  const { isGranted } = usePushPermission();
  const push = usePushPermission();
  useEffect(() => {
    posthog.capture('notifications_screen_viewed', { isGranted, granted_again: push.isGranted }); // expect: provisional-blind-analytics, provisional-blind-analytics
  }, [posthog, isGranted, push.isGranted]);
  return <Text>Notifications</Text>;
}

// A React state set from `granted` (reported at the setter), sent when the user taps.
export function PushToggleRow() {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    Notifications.getPermissionsAsync().then(({ granted }) => setEnabled(granted)); // expect: provisional-blind-check
  }, [setEnabled]);
  return (
    <Pressable onPress={() => trackEvent('push_row_tapped', { enabled })}> {/* expect: provisional-blind-analytics */}
      <Text>Push</Text>
    </Pressable>
  );
}

// Not reported: the helper accepts provisional devices.
async function canDeliver(): Promise<boolean> {
  const { granted, ios } = await Notifications.getPermissionsAsync();
  if (ios?.status === IosAuthorizationStatus.PROVISIONAL) return true;
  return granted;
}

export async function onSessionStart(): Promise<void> {
  trackEvent('session_start', { push: await canDeliver() });
}

// Not reported: the state is also set from something else.
export function PushBadgeRow({ serverEnabled }: { serverEnabled: boolean }) {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    Notifications.getPermissionsAsync().then(({ status }) => setEnabled(status === 'granted')); // expect: provisional-blind-check
    setEnabled(serverEnabled);
  }, [serverEnabled]);
  return <Pressable onPress={() => trackEvent('push_badge_tapped', { enabled })}><Text>Badge</Text></Pressable>;
}
