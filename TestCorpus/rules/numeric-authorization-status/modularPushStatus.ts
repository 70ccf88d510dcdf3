import {
  AuthorizationStatus,
  getMessaging,
  hasPermission,
  requestPermission,
} from '@react-native-firebase/messaging';

export async function askForRemoteNotifications(): Promise<boolean> {
  const status = await requestPermission(getMessaging(), { alert: true, sound: true, provisional: true }); // expect: unguarded-provisional-request
  return status >= 1; // expect: numeric-authorization-status
}

export async function remoteNotificationsBlocked(): Promise<boolean> {
  return (await hasPermission(getMessaging())) === 0; // expect: numeric-authorization-status
}

export async function remoteNotificationsReady(): Promise<boolean> {
  const status = await hasPermission(getMessaging());
  return status === AuthorizationStatus.AUTHORIZED || status === AuthorizationStatus.PROVISIONAL;
}

// Polls while the system dialog is up (the user may background the app meanwhile).
export async function waitForDecision(maxPolls = 5): Promise<number> {
  for (let poll = 0; poll < maxPolls; poll++) {
    const status = await hasPermission(getMessaging());
    if (status !== AuthorizationStatus.NOT_DETERMINED) return status;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return AuthorizationStatus.NOT_DETERMINED;
}
