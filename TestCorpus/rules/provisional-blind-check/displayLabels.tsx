// A debug screen maps each status to a label to show: not a decision, no finding.
import * as Notifications from 'expo-notifications';
import { PermissionStatus } from 'expo-notifications';
import { Text } from 'react-native';

export async function statusLabel() {
  const { status } = await Notifications.getPermissionsAsync();
  switch (status) {
    case PermissionStatus.GRANTED:
      return 'GRANTED';
    case PermissionStatus.DENIED:
      return 'DENIED';
    default:
      return 'UNDETERMINED';
  }
}

export async function statusText() {
  const { status } = await Notifications.getPermissionsAsync();
  const text = status === 'granted' ? 'Granted' : status === 'denied' ? 'Denied' : 'Not asked';
  let shown = 'unknown';
  if (status === 'granted') {
    shown = 'Enabled';
  } else if (status === 'denied') {
    shown = 'Blocked';
  } else {
    shown = 'Not decided';
  }
  console.log(text, shown);
  return <Text>{shown}</Text>;
}
