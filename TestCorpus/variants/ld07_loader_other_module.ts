// EXPECT: nothing — the loaders here load other Expo modules whose permission functions have the same names
// (`getPermissionsAsync`, `requestPermissionsAsync`); the file also uses expo-notifications, for scheduling only.
import * as Notifications from 'expo-notifications';

let cachedLocation: typeof import('expo-location') | null | undefined;

function loadLocation(): typeof import('expo-location') | null {
  if (cachedLocation !== undefined) return cachedLocation;
  try {
    cachedLocation = require('expo-location');
  } catch {
    cachedLocation = null;
  }
  return cachedLocation;
}

export async function canTrackTrips(): Promise<boolean> {
  const Location = loadLocation();
  if (!Location) return false;
  const { status } = await Location.getPermissionsAsync();
  if (status === 'granted') return true;
  const answer = await Location.requestPermissionsAsync();
  return answer.granted;
}

export class PhotoBackup {
  private media?: typeof import('expo-media-library');

  private async module() {
    this.media ??= await import('expo-media-library');
    return this.media;
  }

  async allowed(): Promise<boolean> {
    const MediaLibrary = await this.module();
    const settings = await MediaLibrary.getPermissionsAsync();
    return settings.granted;
  }
}

async function contactsAllowed(Contacts = require('expo-contacts')): Promise<boolean> {
  const { status } = await Contacts.requestPermissionsAsync();
  return status === 'granted';
}

export async function scheduleTripReminder(): Promise<void> {
  if (!(await contactsAllowed())) return;
  await Notifications.scheduleNotificationAsync({
    content: { title: 'Trip starts soon' },
    trigger: { type: Notifications.SchedulableTriggerInputTypes.TIME_INTERVAL, seconds: 3600 },
  });
}
