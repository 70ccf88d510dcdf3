// EXPECT: SSA (async function with explicit Promise<NotificationBehavior> return type, not passed inline)
import { NotificationBehavior, setNotificationHandler } from 'expo-notifications';

export async function foregroundBehavior(): Promise<NotificationBehavior> {
  return { shouldShowAlert: true, shouldPlaySound: false, shouldSetBadge: false }; // expect: deprecated-should-show-alert
}
setNotificationHandler({ handleNotification: foregroundBehavior });
