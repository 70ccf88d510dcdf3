import * as Notifications from 'expo-notifications';

import { fetchRemoteConsent } from './consent';

// The loop test reads the first status and, from the second turn on, the one the loop body
// stored: both root statuses, so it is blind either way.
export async function askUntilAnswered(maxAttempts: number): Promise<boolean> {
  let { status } = await Notifications.getPermissionsAsync();
  for (let attempt = 0; attempt < maxAttempts && status !== 'granted'; attempt += 1) { // expect: provisional-blind-check
    const next = await Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } }); // expect: request-when-denied, unguarded-provisional-request
    status = next.status;
  }
  return status === 'granted'; // expect: provisional-blind-check
}

// From the second turn on the test reads what the server says: two sources, no finding.
export async function waitForRemoteConsent(): Promise<void> {
  let { status } = await Notifications.getPermissionsAsync();
  while (status !== 'granted') {
    status = await fetchRemoteConsent();
  }
}

// A fresh `const` on every turn: the test reads this turn's response only.
export async function logEachCheck(times: number): Promise<void> {
  for (let i = 0; i < times; i += 1) {
    const { status } = await Notifications.getPermissionsAsync();
    if (status === 'granted') continue; // expect: provisional-blind-check
    console.log('not yet granted', i);
  }
}
