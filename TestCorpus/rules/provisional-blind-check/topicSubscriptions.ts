import * as Notifications from 'expo-notifications';

interface TopicGrant {
  topic: string;
  status: 'granted' | 'revoked';
  channels: string[];
}

interface DeviceApi {
  post(path: string, body: object): Promise<void>;
  flagBlocked(): Promise<void>;
  topicGrants(): Promise<TopicGrant[]>;
}

export async function reportPermissionToBackend(api: DeviceApi): Promise<string[]> {
  const { status, canAskAgain } = await Notifications.getPermissionsAsync();
  if (status === 'denied' && !canAskAgain) {
    await api.flagBlocked();
  }
  await api.post('/devices/permission', { status, canAskAgain });
  const grants = await api.topicGrants();
  return grants.filter(({ status }) => status === 'granted').map((grant) => grant.topic);
}

export async function subscribedTopics(api: DeviceApi): Promise<string[]> {
  const { granted } = await Notifications.getPermissionsAsync();
  console.log('[push] system permission', granted);
  const topics: string[] = [];
  for (const grant of await api.topicGrants()) {
    const granted = grant.channels.includes('push');
    if (!granted) continue;
    topics.push(grant.topic);
  }
  return topics;
}

export function connectionLabel(oauth: { status: string }): string {
  const status = oauth.status;
  return status === 'granted' ? 'Connected' : 'Not connected';
}
