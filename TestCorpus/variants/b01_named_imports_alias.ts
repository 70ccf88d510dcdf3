// EXPECT: PBC on status check via aliased named imports; MAP on requestPerms()
import { getPermissionsAsync as getPerms, requestPermissionsAsync as requestPerms } from 'expo-notifications';

export async function setup() {
  let { status } = await getPerms();
  if (status === 'undetermined') { // expect: provisional-blind-check
    ({ status } = await requestPerms()); // expect: missing-allow-provisional, request-when-denied
  }
  return status === 'granted'; // expect: provisional-blind-check
}
