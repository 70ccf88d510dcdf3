// EXPECT: MAP on each (options literal wrapped in as const / satisfies)
import * as Notifications from 'expo-notifications';

const opts = { ios: { allowAlert: true, allowSound: true } } as const;
const opts2 = { ios: { allowAlert: true } } satisfies Notifications.NotificationPermissionsRequest;
export const a = () => Notifications.requestPermissionsAsync(opts); // expect: missing-allow-provisional
export const b = () => Notifications.requestPermissionsAsync(opts2); // expect: missing-allow-provisional
export const c = () => Notifications.requestPermissionsAsync({ ios: { allowAlert: true } } as Notifications.NotificationPermissionsRequest); // expect: missing-allow-provisional
