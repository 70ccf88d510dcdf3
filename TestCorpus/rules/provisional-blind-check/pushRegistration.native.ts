import * as Notifications from 'expo-notifications';

// Native build of the same module (*.native.ts): runs on iOS, where it drops provisional devices.
export async function canRegisterForPush(): Promise<boolean> {
  const { status } = await Notifications.getPermissionsAsync();
  if (status === 'granted') return true; // expect: provisional-blind-check
  if (status === 'denied') return false;
  const result = await Notifications.requestPermissionsAsync({
    ios: { allowAlert: true, allowSound: true, allowProvisional: false },
  });
  return result.granted; // expect: provisional-blind-check
}
