import { getPermissionsAsync } from 'expo-notifications';

export async function getPermission() {
  return getPermissionsAsync();
}
