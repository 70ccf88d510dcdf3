// EXPECT: SSA on each shouldShowAlert in expo handler variants
import * as Notifications from 'expo-notifications';

Notifications.setNotificationHandler({
  handleNotification: async (notification) => {
    const isChat = notification.request.content.data?.type === 'chat';
    if (isChat) {
      return { shouldShowAlert: false, shouldPlaySound: false, shouldSetBadge: false }; // expect: deprecated-should-show-alert
    }
    return { shouldShowAlert: true, shouldPlaySound: true, shouldSetBadge: true }; // expect: deprecated-should-show-alert
  },
  handleSuccess: () => {},
});
