// An object with a `status` that is not the notification permission (a network request): no finding.
import * as Notifications from 'expo-notifications';

async function uploadToken(token: string) {
  const response = await fetch('https://example.com/push', { method: 'POST', body: token });
  return { status: response.ok ? 'granted' : 'denied', token };
}

export async function register() {
  const { data } = await Notifications.getExpoPushTokenAsync({ projectId: 'abc' });
  const { status } = await uploadToken(data);
  return status === 'granted';
}
