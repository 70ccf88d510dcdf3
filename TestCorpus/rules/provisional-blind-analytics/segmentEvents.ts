import { createClient, useAnalytics } from '@segment/analytics-react-native';
import * as Notifications from 'expo-notifications';

export const segmentClient = createClient({ writeKey: 'SEGMENT_WRITE_KEY', trackAppLifecycleEvents: true });

export async function trackPushPermission(): Promise<void> {
  const { status } = await Notifications.getPermissionsAsync();
  await segmentClient.track('Push Permission Checked', { status }); // expect: provisional-blind-analytics
}

export async function identifyWithPush(userId: string): Promise<void> {
  const { granted } = await Notifications.getPermissionsAsync();
  await segmentClient.identify(userId, {
    pushEnabled: granted, // expect: provisional-blind-analytics
    platform: 'mobile',
  });
}

// The hook form, from a screen's prompt button.
export function useTrackedPushPrompt() {
  const { track } = useAnalytics();
  return async () => {
    const result = await Notifications.requestPermissionsAsync({
      ios: { allowAlert: true, allowSound: true, allowProvisional: false },
    });
    await track('Push Prompt Answered', { granted: result.granted }); // expect: provisional-blind-analytics
  };
}

// With the iOS status: not reported.
export async function trackPushPermissionDetailed(): Promise<void> {
  const { status, ios } = await Notifications.getPermissionsAsync();
  await segmentClient.track('Push Permission Checked', { status, iosStatus: ios?.status });
}
