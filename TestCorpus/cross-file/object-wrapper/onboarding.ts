// Another file destructures the status back out of the wrapper's object.
import { PermissionStatus } from 'expo-notifications';
import { checkPermissions, readSettings } from './permissions';

export async function nextStep() {
  const { status } = await checkPermissions();
  if (status === PermissionStatus.GRANTED) { // expect: provisional-blind-check
    return 'home';
  }
  const settings = await readSettings();
  return settings.status === 'granted' ? 'home' : 'ask'; // expect: provisional-blind-check
}
