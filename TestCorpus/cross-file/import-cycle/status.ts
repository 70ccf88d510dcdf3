import { readPermission } from './permissions';

export function logPermission(status: string) {
  console.log('notification permission', status);
}

export async function pushEnabled() {
  const { status } = await readPermission();
  return status === 'granted'; // expect: provisional-blind-check
}
