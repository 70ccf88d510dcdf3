import { Platform } from 'react-native';
import * as Notifications from 'expo-notifications';
import { IosAuthorizationStatus, NotificationPermissionsStatus } from 'expo-notifications';

const EAS_PROJECT_ID = 'b6d0e7a2-54c1-4f0e-8a3b-91c7d2e4f6a8';

type DeliveryMode = 'full' | 'quiet';

interface PreferencesApi {
  update(build: () => Record<string, boolean>): Promise<void>;
}

export async function allowsNotificationsAsync(): Promise<boolean> {
  const settings = await Notifications.getPermissionsAsync();
  return settings.granted || settings.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL;
}

export async function requestQuietPermission(): Promise<boolean> {
  const result = await Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: { allowAlert: true, allowSound: true, allowProvisional: true },
  });
  if (result.status === 'granted') return true;
  return result.ios?.status === IosAuthorizationStatus.PROVISIONAL;
}

export async function registerIfReachable(): Promise<string | null> {
  const { granted, ios } = await Notifications.getPermissionsAsync();
  const reachable =
    granted ||
    (ios !== undefined && [IosAuthorizationStatus.AUTHORIZED, IosAuthorizationStatus.PROVISIONAL].includes(ios.status));
  if (!reachable) return null;
  const token = await Notifications.getExpoPushTokenAsync({ projectId: EAS_PROJECT_ID });
  return token.data;
}

export async function canDeliverNotifications(): Promise<boolean> {
  const settings = await Notifications.getPermissionsAsync();
  if (Platform.OS === 'ios' && settings.ios) {
    return ![IosAuthorizationStatus.DENIED, IosAuthorizationStatus.NOT_DETERMINED].includes(settings.ios.status);
  }
  return settings.granted;
}

export async function settingsRowLabel(): Promise<string> {
  const settings = await Notifications.getPermissionsAsync();
  let iosAllows = false;
  if (settings.ios) {
    iosAllows =
      settings.ios.status !== IosAuthorizationStatus.DENIED &&
      settings.ios.status !== IosAuthorizationStatus.NOT_DETERMINED;
  }
  if (settings.status === 'granted' || iosAllows) return 'On';
  return settings.canAskAgain ? 'Not set' : 'Off';
}

export function isAuthorizedOnDevice(settings: NotificationPermissionsStatus): boolean {
  if (settings.ios) {
    return settings.ios.status >= IosAuthorizationStatus.AUTHORIZED;
  }
  return settings.granted;
}

export async function scheduleDigest(mode: DeliveryMode, body: string): Promise<void> {
  const settings = await Notifications.getPermissionsAsync();
  const deliverable =
    settings.granted ||
    settings.ios?.status === IosAuthorizationStatus.PROVISIONAL ||
    settings.ios?.status === IosAuthorizationStatus.EPHEMERAL;
  if (!deliverable) return;
  const interruptive = settings.granted && mode === 'full';
  await Notifications.scheduleNotificationAsync({
    content: { title: 'Your daily digest', body, sound: interruptive },
    trigger: { type: Notifications.SchedulableTriggerInputTypes.TIME_INTERVAL, seconds: 60 },
  });
}

export async function syncPushPreferences(api: PreferencesApi): Promise<void> {
  const settings = await Notifications.getPermissionsAsync();
  const quietDelivery = settings.ios?.status === IosAuthorizationStatus.PROVISIONAL;
  await api.update(() => ({ alerts: settings.granted, quietDelivery }));
}

export async function shouldShowPermissionPrompt(): Promise<boolean> {
  const { status, ios, canAskAgain } = await Notifications.getPermissionsAsync();
  return status !== 'granted' && ios?.status !== IosAuthorizationStatus.PROVISIONAL && canAskAgain;
}
