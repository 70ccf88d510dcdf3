// EXPECT: MAP on request with ios: IOS_OPTS (resolved local); BADGE on const with provisional true
import * as Notifications from 'expo-notifications';

const IOS_OPTS = { allowAlert: true, allowBadge: true, allowSound: true };
const PROVISIONAL_OPTS: Notifications.NotificationPermissionsRequest = {
  ios: { allowAlert: true, allowBadge: true, allowProvisional: true }, // expect: badge-in-provisional-request
};
export const askFull = () => Notifications.requestPermissionsAsync({ ios: IOS_OPTS }); // expect: missing-allow-provisional
export const askQuiet = () => Notifications.requestPermissionsAsync(PROVISIONAL_OPTS); // expect: unguarded-provisional-request
