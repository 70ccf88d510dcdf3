import { Identify, identify, track } from '@amplitude/analytics-react-native';
import * as Notifications from 'expo-notifications';

export async function trackPromptAnswer(): Promise<void> {
  const { status } = await Notifications.requestPermissionsAsync({
    ios: { allowAlert: true, allowSound: true, allowProvisional: false },
  });
  track('Notification Prompt Answered', { result: status }); // expect: provisional-blind-analytics
}

// A user property through Identify: the value is what `set` is given.
export async function identifyPushState(): Promise<void> {
  const { granted } = await Notifications.getPermissionsAsync();
  const properties = new Identify();
  properties.set('push_enabled', granted); // expect: provisional-blind-analytics
  properties.set('app_theme', 'dark');
  identify(properties);
}

// Chained on one line.
export async function identifyPushStatus(): Promise<void> {
  const settings = await Notifications.getPermissionsAsync();
  identify(new Identify().set('push_status', settings.status)); // expect: provisional-blind-analytics
}

// Both statuses: not reported.
export async function identifyPushStatusDetailed(): Promise<void> {
  const settings = await Notifications.getPermissionsAsync();
  identify(new Identify().set('push_status', settings.status).set('push_ios_status', settings.ios?.status ?? -1));
}
