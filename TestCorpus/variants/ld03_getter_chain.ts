// EXPECT: PBC, missing-allow-provisional and removed-notification-api through a getter chain: one function requires
// the module once (`cached ?? (cached = require(…))`), another hands it on.
let cached: any;

function requireNotifications() {
  return cached ?? (cached = require('expo-notifications'));
}

function notifications() {
  return requireNotifications();
}

export async function askForPush(): Promise<boolean> {
  const current = await notifications().getPermissionsAsync();
  if (current.granted) return true; // expect: provisional-blind-check
  const answer = await notifications().requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
  return answer.granted; // expect: provisional-blind-check
}

export async function showNow(title: string): Promise<void> {
  await notifications().presentNotificationAsync({ title }); // expect: removed-notification-api
}
