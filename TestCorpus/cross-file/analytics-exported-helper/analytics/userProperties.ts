import { Mixpanel } from 'mixpanel-react-native';

import { readPushStatus } from '../notifications/pushStatus';

export const mixpanel = new Mixpanel('MIXPANEL_TOKEN', true);

// The value comes from another file's exported helper.
export async function syncPushProperties(): Promise<void> {
  const pushStatus = await readPushStatus();
  mixpanel.getPeople().set('push_status', pushStatus); // expect: provisional-blind-analytics
}
