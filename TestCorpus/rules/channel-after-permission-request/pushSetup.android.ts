import * as Notifications from 'expo-notifications';

// Android build. No provisional state here, but the channel order matters most on Android 13+.

export async function enablePush(): Promise<string | null> {
  const { status } = await Notifications.requestPermissionsAsync();
  await Notifications.setNotificationChannelAsync('default', { // expect: channel-after-permission-request
    name: 'Notifications',
    importance: Notifications.AndroidImportance.DEFAULT,
  });
  if (status !== 'granted') return null;
  const { data } = await Notifications.getDevicePushTokenAsync();
  return String(data);
}

export async function fcmTokenFirst(): Promise<string> {
  const token = await Notifications.getDevicePushTokenAsync();
  await Notifications.setNotificationChannelAsync('chat', { // expect: channel-after-permission-request
    name: 'Chat',
    importance: Notifications.AndroidImportance.HIGH,
  });
  return String(token.data);
}

export async function enablePushFixed(): Promise<string | null> {
  await Notifications.setNotificationChannelAsync('default', {
    name: 'Notifications',
    importance: Notifications.AndroidImportance.DEFAULT,
  });
  const { status } = await Notifications.requestPermissionsAsync();
  if (status !== 'granted') return null;
  const { data } = await Notifications.getDevicePushTokenAsync();
  return String(data);
}
