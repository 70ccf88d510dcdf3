// EXPECT: PBC (module reached through a function that returns require('expo-notifications'), kept lazy for web and Jest)
function getNotifications(): typeof import('expo-notifications') {
  return require('expo-notifications');
}

const notifications = () => require('expo-notifications') as typeof import('expo-notifications');

export async function registerForPush(projectId: string): Promise<string | null> {
  const { status } = await getNotifications().getPermissionsAsync();
  if (status !== 'granted') return null; // expect: provisional-blind-check
  const token = await getNotifications().getExpoPushTokenAsync({ projectId });
  return token.data;
}

export async function pushEnabled(): Promise<boolean> {
  const settings = await notifications().getPermissionsAsync();
  return settings.granted; // expect: provisional-blind-check
}

export async function askQuietly() {
  const current = await getNotifications().getPermissionsAsync();
  if (!current.canAskAgain) return current;
  if (current.ios?.status !== getNotifications().IosAuthorizationStatus.NOT_DETERMINED) return current;
  return getNotifications().requestPermissionsAsync({ ios: { allowAlert: true, allowProvisional: true } });
}
