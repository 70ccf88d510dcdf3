import { getPermission } from './notifications';

export async function runIfPushAllowed(task: () => Promise<void>): Promise<boolean> {
  const { granted } = await getPermission();
  if (!granted) { // expect: provisional-blind-check
    return false;
  }
  await task();
  return true;
}
