// Exercises deprecated-should-show-alert with a long optional-chain comparison as the value: it runs no code, so the safe fix writes it twice, one key per line.
import * as Notifications from 'expo-notifications';

export const NOTIFICATION_TYPES = {
  NEW_ORDER: 'new_order',
  ORDER_SHIPPED: 'order_shipped',
  REVIEW_ORDER: 'review_order',
} as const;

Notifications.setNotificationHandler({
  handleNotification: async (notification) => ({
    shouldShowBanner: notification?.request?.content?.data?.type !== NOTIFICATION_TYPES.REVIEW_ORDER,
    shouldShowList: notification?.request?.content?.data?.type !== NOTIFICATION_TYPES.REVIEW_ORDER, // expect: deprecated-should-show-alert
    shouldPlaySound: true,
    shouldSetBadge: false,
  }),
});
