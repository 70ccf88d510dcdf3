// A factory in one file builds the handler that another file installs.
import type { NotificationHandler } from 'expo-notifications';

export function makeForegroundHandler(sound: boolean): NotificationHandler {
  return {
    handleNotification: async () => ({
      shouldShowAlert: true, // expect: deprecated-should-show-alert
      shouldPlaySound: sound,
      shouldSetBadge: false,
    }),
  };
}
