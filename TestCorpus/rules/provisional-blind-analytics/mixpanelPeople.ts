import { Mixpanel } from 'mixpanel-react-native';
import * as Notifications from 'expo-notifications';

const mixpanel = new Mixpanel('MIXPANEL_TOKEN', true);

export async function recordPushPermission(): Promise<void> {
  const { status, granted } = await Notifications.getPermissionsAsync();
  mixpanel.track('Push Permission', { status }); // expect: provisional-blind-analytics
  mixpanel.getPeople().set('push_enabled', granted); // expect: provisional-blind-analytics
}

// A super property registered for every later event.
export async function registerPushSuperProperty(): Promise<void> {
  const settings = await Notifications.getPermissionsAsync();
  mixpanel.registerSuperProperties({ push_granted: settings.granted }); // expect: provisional-blind-analytics
}

// The iOS status next to the root one: not reported.
export async function recordPushPermissionDetailed(): Promise<void> {
  const { status, ios } = await Notifications.getPermissionsAsync();
  mixpanel.track('Push Permission', { status, iosStatus: ios?.status });
}
