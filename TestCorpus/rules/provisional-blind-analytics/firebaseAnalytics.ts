import analytics, { getAnalytics, logEvent } from '@react-native-firebase/analytics';
import * as Notifications from 'expo-notifications';

// A user property used to segment campaigns: provisional devices count as "false".
export async function syncPushUserProperty(): Promise<void> {
  const { granted } = await Notifications.getPermissionsAsync();
  await analytics().setUserProperty('push_enabled', String(granted)); // expect: provisional-blind-analytics
}

export async function logPermissionChecked(screen: string): Promise<void> {
  const { status } = await Notifications.getPermissionsAsync();
  await analytics().logEvent('push_permission_checked', { screen, status }); // expect: provisional-blind-analytics
}

// The modular API; the comparison is an event parameter, not a decision.
export async function logPushState(): Promise<void> {
  const settings = await Notifications.getPermissionsAsync();
  await logEvent(getAnalytics(), 'push_state', {
    enabled: settings.status === 'granted', // expect: provisional-blind-analytics
    can_ask_again: settings.canAskAgain,
  });
}

// Several properties at once.
export async function syncPushUserProperties(): Promise<void> {
  const response = await Notifications.getPermissionsAsync();
  await analytics().setUserProperties({
    push_status: response.status, // expect: provisional-blind-analytics
    push_checked_at: new Date().toISOString(),
  });
}

// The iOS status travels with the root one: provisional devices can be told apart. Not reported.
export async function logPushStateWithIos(): Promise<void> {
  const settings = await Notifications.getPermissionsAsync();
  await analytics().logEvent('push_state', { status: settings.status, ios_status: settings.ios?.status ?? -1 });
}
