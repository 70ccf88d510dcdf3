import Constants from 'expo-constants';
import * as Notifications from 'expo-notifications';

const projectId = Constants.expoConfig?.extra?.eas?.projectId ?? Constants.easConfig?.projectId;

const DEFAULT_CHANNEL = {
  name: 'Default',
  importance: Notifications.AndroidImportance.DEFAULT,
};

export function registerWithChain() {
  return Notifications.setNotificationChannelAsync('default', DEFAULT_CHANNEL)
    .then(() => Notifications.getExpoPushTokenAsync({ projectId }))
    .then(({ data }) => data);
}

export async function registerQuickly() {
  Notifications.setNotificationChannelAsync('default', DEFAULT_CHANNEL); // expect: channel-after-permission-request
  const { data } = await Notifications.getExpoPushTokenAsync({ projectId });
  return data;
}

export async function refreshTokenAndChannels(api) {
  const { data } = await Notifications.getExpoPushTokenAsync({ projectId });
  await api.post('/push-tokens', { token: data });
  await Notifications.setNotificationChannelAsync('updates', { // expect: channel-after-permission-request
    name: 'App updates',
    importance: Notifications.AndroidImportance.LOW,
  });
}

export async function registerInOrder(api) {
  await Notifications.setNotificationChannelAsync('default', DEFAULT_CHANNEL);
  const { data } = await Notifications.getExpoPushTokenAsync({ projectId });
  await api.post('/push-tokens', { token: data });
  return data;
}
