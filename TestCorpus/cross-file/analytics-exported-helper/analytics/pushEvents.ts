import { createClient } from '@segment/analytics-react-native';

export const segmentClient = createClient({ writeKey: 'SEGMENT_WRITE_KEY' });

// The helper itself only forwards its parameter: the finding is where a status is passed in.
export function trackPushStatus(status: string): void {
  void segmentClient.track('Push Status', { status });
}
