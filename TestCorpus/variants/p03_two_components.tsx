// EXPECT: PBC only in Push component
import * as Notifications from 'expo-notifications';
import * as MediaLibrary from 'expo-media-library';

export function Push() {
  const [permission] = Notifications.usePermissions();
  return permission?.granted ? 'on' : 'off'; // expect: provisional-blind-check
}
export function Gallery() {
  const [permission] = MediaLibrary.usePermissions();
  return permission?.granted ? 'on' : 'off';
}
