// EXPECT: PBC on each
import * as Notifications from 'expo-notifications';

const timeout = (ms: number) => new Promise<null>((r) => setTimeout(() => r(null), ms));
export async function a() {
  const perm = await Notifications.getPermissionsAsync?.();
  return perm?.granted; // expect: provisional-blind-check
}
export async function b() {
  const perm = await Promise.race([Notifications.getPermissionsAsync(), timeout(3000)]);
  return perm?.status === 'granted'; // expect: provisional-blind-check
}
export default async () => {
  const { status } = await Notifications.getPermissionsAsync();
  if (status !== 'granted') return null; // expect: provisional-blind-check
  return 'ok';
};
