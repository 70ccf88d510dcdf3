// EXPECT: PBC on each; MAP on line 9
import * as Notifications from 'expo-notifications';

export async function a() {
  if (!(await Notifications.getPermissionsAsync()).granted) return; // expect: provisional-blind-check
  const granted = (await Notifications.getPermissionsAsync()).granted; // expect: provisional-blind-check
  return granted;
}
export const b = async () => (await Notifications.requestPermissionsAsync()).status === 'granted'; // expect: missing-allow-provisional, provisional-blind-check
