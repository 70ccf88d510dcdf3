// EXPECT: nothing (module passed as parameter; not resolvable) - plus other helper comparing string param
import * as Notifications from 'expo-notifications';

type Mod = { getPermissionsAsync: () => Promise<{ status: string }> };
async function isGranted(mod: Mod) {
  const { status } = await mod.getPermissionsAsync();
  return status === 'granted';
}
export const check = () => isGranted(Notifications);
