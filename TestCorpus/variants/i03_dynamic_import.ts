// EXPECT: PBC via dynamic import()
export async function ensure() {
  const Notifications = await import('expo-notifications');
  const { status } = await Notifications.getPermissionsAsync();
  return status === 'granted'; // expect: provisional-blind-check
}
export async function ensure2() {
  const { getPermissionsAsync } = await import('expo-notifications');
  const p = await getPermissionsAsync();
  return p.granted; // expect: provisional-blind-check
}
