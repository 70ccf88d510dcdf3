// An untyped handler object with a method, set later through a variable.
import * as Notifications from 'expo-notifications';

const foregroundHandler = {
  async handleNotification() {
    return { shouldShowAlert: false, shouldPlaySound: false, shouldSetBadge: false }; // expect: deprecated-should-show-alert
  },
};

export function install(enabled: boolean) {
  Notifications.setNotificationHandler(enabled ? foregroundHandler : null);
}
