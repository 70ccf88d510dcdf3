// Exercises deprecated-should-show-alert with a call as the value inside a block-bodied handler (--fix binds it once before the `return`).
import * as Notifications from 'expo-notifications';
import { AppState } from 'react-native';

const MUTED_CATEGORIES = new Set(['marketing', 'digest']);
let openChatId: string | null = null;

export function setOpenChat(chatId: string | null): void {
  openChatId = chatId;
}

function shouldAlert(n: Notifications.Notification): boolean {
  const { data } = n.request.content;
  if (typeof data.category === 'string' && MUTED_CATEGORIES.has(data.category)) return false;
  // No banner for the chat the user is looking at.
  return data.chatId !== openChatId;
}

Notifications.setNotificationHandler({
  handleNotification: async (notification) => {
    const foreground = AppState.currentState === 'active';
    return { shouldShowAlert: shouldAlert(notification), shouldPlaySound: foreground, shouldSetBadge: false }; // expect: deprecated-should-show-alert
  },
});
