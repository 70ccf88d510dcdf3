// A handler reaching setNotificationHandler through a default parameter, typed NotificationHandler.
import { setNotificationHandler, NotificationHandler } from 'expo-notifications';

const DEFAULT_HANDLER: NotificationHandler = {
  handleNotification: async () => ({
    shouldShowAlert: true, // expect: deprecated-should-show-alert
    shouldPlaySound: false,
    shouldSetBadge: false,
  }),
};

export function useNotificationHandler(handler = DEFAULT_HANDLER) {
  setNotificationHandler(handler);
}
