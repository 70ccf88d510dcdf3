import * as Notifications from 'expo-notifications';

import { settings$ } from '../state/settings';

// The stored root status decides whether the device gets a push token.
export async function refreshPushToken(projectId: string): Promise<void> {
  if (settings$.local.permissionStatus.get() === 'granted') { // expect: provisional-blind-check
    const { data } = await Notifications.getExpoPushTokenAsync({ projectId });
    settings$.local.pushToken.set(data);
  }
}

// `peek()` reads without tracking; the same decision.
export function shouldOfferPushSettings(): boolean {
  return settings$.local.permissionStatus.peek() !== 'granted'; // expect: provisional-blind-check
}
