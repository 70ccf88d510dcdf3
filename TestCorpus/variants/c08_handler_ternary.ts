// EXPECT: SSA on both objects in a ternary returned by handler
import * as Notifications from 'expo-notifications';
import { AppState } from 'react-native';

Notifications.setNotificationHandler({
  handleNotification: async () =>
    AppState.currentState === 'active'
      ? { shouldShowAlert: false, shouldPlaySound: false, shouldSetBadge: false } // expect: deprecated-should-show-alert
      : { shouldShowAlert: true, shouldPlaySound: true, shouldSetBadge: true }, // expect: deprecated-should-show-alert
});
