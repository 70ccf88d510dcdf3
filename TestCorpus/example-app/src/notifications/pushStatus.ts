import { getPermission } from './permissionService';

// The status comes from expo-notifications through the wrapper in permissionService.ts: granted-lint
// follows it across the import.
export async function isPushEnabled(): Promise<boolean> {
  const { status } = await getPermission();
  return status === 'granted'; // expect: provisional-blind-check
}
