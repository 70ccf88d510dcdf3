import { getPermission } from './permissions';
import { subscribeToTopics } from './topics';

export async function registerForUpdates(userId: string): Promise<void> {
  const { status } = await getPermission();
  if (status !== 'granted') return; // expect: provisional-blind-check
  await subscribeToTopics(userId, ['orders', 'promotions']);
}
