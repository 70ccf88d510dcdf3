// EXPECT: MAP on requests reached via wrappers: ternary options, options from local function, nullish default
import * as Notifications from 'expo-notifications';

function buildOptions() {
  return { ios: { allowAlert: true, allowSound: true } };
}
export const a = () => Notifications.requestPermissionsAsync(buildOptions()); 
export const b = (full: boolean) =>
  Notifications.requestPermissionsAsync(full ? { ios: { allowAlert: true } } : { ios: { allowProvisional: true } }); // expect: missing-allow-provisional, unguarded-provisional-request
