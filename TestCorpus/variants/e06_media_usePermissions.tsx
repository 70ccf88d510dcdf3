// EXPECT: nothing (MediaLibrary.usePermissions; expo-notifications also imported)
import * as MediaLibrary from 'expo-media-library';
import { usePermissions } from 'expo-media-library';
import * as Notifications from 'expo-notifications';

export function Gallery() {
  const [perm] = MediaLibrary.usePermissions();
  const [perm2] = usePermissions();
  if (perm?.status !== 'granted' || !perm2?.granted) return null;
  Notifications.dismissAllNotificationsAsync();
  return null;
}
