// EXPECT: PBC on existingStatus === 'granted'; PBC on status === 'granted'; MAP
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

export async function requestNotificationPermissions(): Promise<'granted' | 'denied' | 'undetermined'> {
  if (Platform.OS === 'ios') {
    const { status: existingStatus } = await Notifications.getPermissionsAsync();
    if (existingStatus === 'granted') return 'granted'; // expect: provisional-blind-check
    const { status } = await Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowBadge: true, allowSound: true } }); // expect: missing-allow-provisional, request-when-denied
    if (status === 'granted') return 'granted'; // expect: provisional-blind-check
    return status === 'denied' ? 'denied' : 'undetermined';
  }
  return 'granted';
}
