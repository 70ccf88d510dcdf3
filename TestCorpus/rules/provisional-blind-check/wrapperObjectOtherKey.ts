// The wrapper returns the status under another key.
import * as Notifications from 'expo-notifications';

const checkPermissions = async () => {
  const { status } = await Notifications.getPermissionsAsync();
  return { permission: status, checkedAt: Date.now() };
};

export async function shouldRegister() {
  const { permission } = await checkPermissions();
  return permission === 'granted'; // expect: provisional-blind-check
}

export async function shouldRegisterToo() {
  const result = await checkPermissions();
  return result.permission !== 'granted'; // expect: provisional-blind-check
}
