import * as Sentry from '@sentry/react-native';
import * as Notifications from 'expo-notifications';

import { useAnalytics } from '#/analytics';
import { AppAnalytics, logger } from '../services/logging';

// A logger object's analytics methods send analytics.
export async function logPushPermission(): Promise<void> {
  const { granted } = await Notifications.getPermissionsAsync();
  logger.trackEvent('push_permission', { set: { notifications_enabled: granted } }); // expect: provisional-blind-analytics
  AppAnalytics.track('push_permission', { granted }); // expect: provisional-blind-analytics
}

// `metric` of what an analytics hook returns.
export function useRequestPushPermission() {
  const ax = useAnalytics();
  return async () => {
    const res = await Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowProvisional: false } });
    ax.metric('notifications:request', { status: res.status }); // expect: provisional-blind-analytics
  };
}

// Not reported: a logger's other methods and crash reporting are not product analytics.
export async function logPushDiagnostics(): Promise<void> {
  const { status, granted } = await Notifications.getPermissionsAsync();
  logger.info('push permission', { status, granted });
  logger.debug(`push permission ${granted ? 'granted' : 'not granted'}`);
  Sentry.addBreadcrumb({ category: 'push', data: { status } });
}

// Not reported: `metric` of an object that is not analytics.
export async function recordPushMetric(store: { metric: (name: string, value: unknown) => void }): Promise<void> {
  const { status } = await Notifications.getPermissionsAsync();
  store.metric('push', status);
}
