import { useEffect } from 'react';
import { setNotificationHandler } from 'expo-notifications';

/**
 * While a conversation is open, its own messages should not pop up as banners:
 * the user is already reading them.
 */
export function useChatNotificationHandler(openConversationId: string | null) {
  useEffect(() => {
    setNotificationHandler({
      handleNotification: async (notification) => {
        const conversationId = notification.request.content.data?.conversationId;
        const shouldShowAlert = conversationId !== openConversationId;
        return {
          shouldShowAlert, // expect: deprecated-should-show-alert
          shouldPlaySound: shouldShowAlert,
          shouldSetBadge: true,
        };
      },
    });

    // Back to the default (no foreground presentation) when the screen goes away.
    return () => setNotificationHandler(null);
  }, [openConversationId]);
}
