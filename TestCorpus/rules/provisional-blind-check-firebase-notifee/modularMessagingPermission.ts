import {
  AuthorizationStatus,
  getMessaging,
  getToken,
  hasPermission,
  requestPermission,
} from '@react-native-firebase/messaging';

export async function askForPush(): Promise<string | null> {
  const status = await requestPermission(getMessaging(), { alert: true, sound: true, provisional: false });
  if (status === AuthorizationStatus.AUTHORIZED) { // expect: provisional-blind-check
    return getToken(getMessaging());
  }
  return null;
}

export async function pushEnabled(): Promise<boolean> {
  const status = await hasPermission(getMessaging());
  return !!status; // expect: provisional-blind-check
}

export async function pushReachable(): Promise<boolean> {
  const status = await hasPermission(getMessaging());
  return status === AuthorizationStatus.AUTHORIZED || status === AuthorizationStatus.PROVISIONAL;
}

export async function pushDeliverable(): Promise<boolean> {
  const status = await hasPermission(getMessaging());
  return status >= AuthorizationStatus.AUTHORIZED;
}

export async function syncConsent(save: (consent: { push: boolean }) => Promise<void>): Promise<void> {
  const status = await requestPermission(getMessaging(), { provisional: true }); // expect: unguarded-provisional-request
  await save({ push: status == AuthorizationStatus.AUTHORIZED }); // expect: provisional-blind-check
}
