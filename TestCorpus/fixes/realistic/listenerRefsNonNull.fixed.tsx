// Exercises removed-notification-api on useRef listeners removed with `ref.current!` in a useEffect cleanup (fix: `ref.current!.remove()`).
import React, { useEffect, useRef, useState } from 'react';
import { Text, View } from 'react-native';
import * as Notifications from 'expo-notifications';

type Props = {
  onOpen: (data: Record<string, unknown>) => void;
};

export default function NotificationObserver({ onOpen }: Props) {
  const [notification, setNotification] = useState<Notifications.Notification | undefined>(undefined);
  const notificationListener = useRef<Notifications.Subscription>();
  const responseListener = useRef<Notifications.Subscription>();

  useEffect(() => {
    notificationListener.current = Notifications.addNotificationReceivedListener((incoming) => {
      setNotification(incoming);
    });

    responseListener.current = Notifications.addNotificationResponseReceivedListener((response) => {
      onOpen(response.notification.request.content.data);
    });

    return () => {
      notificationListener.current!.remove(); // expect: removed-notification-api
      responseListener.current!.remove(); // expect: removed-notification-api
    };
  }, [onOpen]);

  return (
    <View style={{ flex: 1, alignItems: 'center', justifyContent: 'space-around' }}>
      <Text>Title: {notification && notification.request.content.title} </Text>
      <Text>Body: {notification && notification.request.content.body}</Text>
      <Text>Data: {notification && JSON.stringify(notification.request.content.data)}</Text>
    </View>
  );
}
