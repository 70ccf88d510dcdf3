import { Alert, Linking } from 'react-native';
import { checkNotifications, requestNotifications, RESULTS } from 'react-native-permissions';

/** Makes sure alerts can be shown before the user subscribes to price drops. */
export async function ensureNotificationsAllowed(): Promise<boolean> {
  const { status } = await checkNotifications();
  switch (status) {
    case RESULTS.GRANTED:
    case RESULTS.LIMITED:
      return true;
    case RESULTS.DENIED: {
      // "denied" here means "not requested yet": the prompt can still be shown.
      const result = await requestNotifications(['alert', 'sound', 'badge']);
      return result.status === RESULTS.GRANTED;
    }
    case RESULTS.BLOCKED:
      Alert.alert('Notifications are blocked', 'Open Settings to turn notifications back on.', [
        { text: 'Not now', style: 'cancel' },
        { text: 'Open Settings', onPress: () => Linking.openSettings() },
      ]);
      return false;
    default:
      return false;
  }
}

/** First launch: deliver quietly on iOS (no prompt); Android shows its system prompt. */
export async function enableQuietNotifications(): Promise<string> {
  const { status } = await checkNotifications();
  if (status !== RESULTS.DENIED) {
    return status;
  }
  const result = await requestNotifications(['alert', 'sound', 'provisional']);
  return result.settings.provisional ? 'quiet' : result.status;
}
