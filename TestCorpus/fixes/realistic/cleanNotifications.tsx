// Clean: already uses shouldShowBanner / shouldShowList and `sub.remove()`; no findings.
import { useEffect, useState } from 'react';
import { Text, View } from 'react-native';
import * as Notifications from 'expo-notifications';

Notifications.setNotificationHandler({
  handleNotification: async () => ({
    shouldShowBanner: true,
    shouldShowList: true,
    shouldPlaySound: false,
    shouldSetBadge: false,
  }),
});

export function LastNotification() {
  const [title, setTitle] = useState<string | null>(null);

  useEffect(() => {
    const sub = Notifications.addNotificationReceivedListener((notification) => {
      setTitle(notification.request.content.title);
    });
    const responseSub = Notifications.addNotificationResponseReceivedListener((response) => {
      setTitle(response.notification.request.content.title);
    });
    return () => {
      sub.remove();
      responseSub.remove();
    };
  }, []);

  return (
    <View>
      <Text numberOfLines={1}>{title ?? 'No notification yet'}</Text>
    </View>
  );
}
