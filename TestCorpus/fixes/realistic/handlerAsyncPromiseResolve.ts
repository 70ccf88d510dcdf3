// Exercises deprecated-should-show-alert on async handlers that still wrap their behavior in `Promise.resolve({ … })`.
import * as Notifications from 'expo-notifications';
import { AppState } from 'react-native';

export function installForegroundHandler(): void {
  Notifications.setNotificationHandler({
    handleNotification: async () =>
      Promise.resolve({
        shouldShowAlert: true, // expect: deprecated-should-show-alert
        shouldPlaySound: AppState.currentState === 'active',
        shouldSetBadge: false,
      }),
  });
}

export function installSilentHandler(): void {
  Notifications.setNotificationHandler({
    handleNotification: async () => Promise.resolve({ shouldShowAlert: true, shouldPlaySound: false, shouldSetBadge: false }), // expect: deprecated-should-show-alert
  });
}
