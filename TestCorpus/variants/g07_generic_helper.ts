// EXPECT: PBC (the module passed as a parameter: the helper's only call hands it expo-notifications, whatever its type says)
import * as Notifications from 'expo-notifications';

type Mod = { getPermissionsAsync: () => Promise<{ status: string }> };
async function isGranted(mod: Mod) {
  const { status } = await mod.getPermissionsAsync();
  return status === 'granted'; // expect: provisional-blind-check
}
export const check = () => isGranted(Notifications);
