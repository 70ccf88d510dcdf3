// EXPECT: nothing (aware: provisional check before)
import { getPermissionsAsync, IosAuthorizationStatus } from 'expo-notifications';

export async function canNotify() {
  const { status, ios } = await getPermissionsAsync();
  if (ios?.status === IosAuthorizationStatus.PROVISIONAL) return true;
  return status === 'granted';
}
