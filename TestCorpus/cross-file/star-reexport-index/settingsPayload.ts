import { getPermission } from './notifications';

export async function buildSettingsPayload(userId: string) {
  const permission = await getPermission();
  return {
    userId,
    push: permission.status === 'granted', // expect: provisional-blind-check
    updatedAt: Date.now(),
  };
}
