import * as Notifications from 'expo-notifications';

// Our own wrapper module: it takes the legacy shape and translates it for expo itself.
import { setNotificationHandler } from './notificationCenter';

export function configureInAppPresentation() {
  setNotificationHandler({
    handleNotification: async () => ({
      shouldShowAlert: true,
      shouldPlaySound: false,
      shouldSetBadge: false,
    }),
  });
}

export function listenForTaps(onOpen: (url: string) => void) {
  const subscription = Notifications.addNotificationResponseReceivedListener((response) => {
    const url = response.notification.request.content.data?.url;
    if (typeof url === 'string') {
      onOpen(url);
    }
  });
  return () => subscription.remove();
}
