import React, { useEffect } from 'react';
import { Text } from 'react-native';
import { usePostHog } from 'posthog-react-native';

import { trackEvent } from '../analytics';
import { usePushStore } from '../stores/pushStore';

// The store's status, compared and kept in a variable that is only sent: one analytics finding.
export function SettingsScreen() {
  const posthog = usePostHog();
  const status = usePushStore((s) => s.status);
  const pushOn = status === 'granted';
  useEffect(() => {
    posthog.capture('settings_viewed', { pushOn }); // expect: provisional-blind-analytics
  }, [posthog, pushOn]);
  return <Text>Settings</Text>;
}

// The status itself, read from the store outside React.
export function reportPushStatus(): void {
  trackEvent('push_status', { status: usePushStore.getState().status }); // expect: provisional-blind-analytics
}

// The status compared where it is sent.
export function reportPushEnabled(): void {
  const { status } = usePushStore.getState();
  trackEvent('push_enabled', { enabled: status === 'granted' }); // expect: provisional-blind-analytics
}
