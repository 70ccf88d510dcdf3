// Location permission through the location loader, and a preview of the permission screen through the stub.
import { getLocation } from '../lib/location';
import { loadNotifications } from '../lib/storybookNotifications';

export async function canTrackTrips(): Promise<boolean> {
  const Location = getLocation();
  if (!Location) return false;
  const { status } = await Location.getPermissionsAsync();
  if (status === 'granted') return true;
  const answer = await Location.requestPermissionsAsync();
  return answer.granted;
}

export async function previewPermissionScreen(): Promise<string> {
  const { status } = await loadNotifications().getPermissionsAsync();
  return status === 'granted' ? 'Enabled' : 'Turn on notifications';
}

export async function previewAsk(): Promise<boolean> {
  const answer = await loadNotifications().requestPermissionsAsync();
  return answer.granted;
}
