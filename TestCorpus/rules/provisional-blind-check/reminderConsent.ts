import AsyncStorage from '@react-native-async-storage/async-storage';
import { SchedulableTriggerInputTypes, scheduleNotificationAsync } from 'expo-notifications';

type ConsentStatus = 'granted' | 'denied' | 'undetermined';

interface ReminderConsent {
  status: ConsentStatus;
  granted: boolean;
  updatedAt: string;
}

const CONSENT_KEY = 'reminders.consent.v2';

// The app's own opt-in record for reminders, kept on the device.
export async function getPermissionsAsync(): Promise<ReminderConsent> {
  const raw = await AsyncStorage.getItem(CONSENT_KEY);
  if (!raw) {
    return { status: 'undetermined', granted: false, updatedAt: new Date(0).toISOString() };
  }
  return JSON.parse(raw) as ReminderConsent;
}

export async function saveConsent(status: ConsentStatus): Promise<void> {
  const record: ReminderConsent = {
    status,
    granted: status === 'granted',
    updatedAt: new Date().toISOString(),
  };
  await AsyncStorage.setItem(CONSENT_KEY, JSON.stringify(record));
}

export async function scheduleReminderIfOptedIn(title: string, minutesFromNow: number): Promise<string | null> {
  const { status } = await getPermissionsAsync();
  if (status !== 'granted') return null;
  return scheduleNotificationAsync({
    content: { title },
    trigger: { type: SchedulableTriggerInputTypes.TIME_INTERVAL, seconds: minutesFromNow * 60 },
  });
}

export async function reminderToggleState() {
  const consent = await getPermissionsAsync();
  if (!consent.granted) {
    return { enabled: false, since: null };
  }
  return { enabled: consent.granted, since: consent.updatedAt };
}
