// EXPECT: PBC only on line 6; inner shadowed `status` (Location) is not expo
import * as Notifications from 'expo-notifications';
import * as Location from 'expo-location';

export async function both() {
  const { status } = await Notifications.getPermissionsAsync(); if (status !== 'granted') return; // expect: provisional-blind-check
  const inner = async () => {
    const { status } = await Location.requestForegroundPermissionsAsync();
    return status === 'granted';
  };
  const cb = (status: string) => status === 'granted';
  return [inner, cb];
}
