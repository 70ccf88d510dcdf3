import { Alert } from 'react-native';
import { getNotificationStatus } from './lib';
import { registerDevice } from './push/register';

/** Last onboarding step: "Stay in the loop". Returns whether push is set up. */
export async function finishOnboarding(): Promise<boolean> {
  const status = await getNotificationStatus();
  if (status === 'denied') {
    Alert.alert('Notifications are off', 'Turn them on in Settings to hear about new messages.');
    return false;
  }

  const token = await registerDevice();
  return token !== null;
}
