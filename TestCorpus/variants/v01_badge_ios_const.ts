// EXPECT: BADGE on the iosOpts const; none on the unused one
import * as Notifications from 'expo-notifications';

const iosOpts = { allowAlert: true, allowProvisional: true, allowBadge: true }; // expect: badge-in-provisional-request
const unused = { ios: { allowProvisional: true, allowBadge: true } };
export const ask = () => Notifications.requestPermissionsAsync({ ios: iosOpts }); // expect: unguarded-provisional-request
export { unused };
