import Constants from 'expo-constants';
import * as Notifications from 'expo-notifications';

let registrationInFlight = false;

/** The splash screen waits for this before it hides. */
export const isRegistering = () => registrationInFlight;

function handleRegistrationError(errorMessage: string): never {
  alert(errorMessage);
  throw new Error(errorMessage);
}

/** Never rejects: any failure is logged and reported as "no token". */
export async function registerForPushSafely(): Promise<string | null> {
  registrationInFlight = true;
  try {
    const { status: existingStatus } = await Notifications.getPermissionsAsync();
    let finalStatus = existingStatus;
    if (existingStatus !== 'granted') { // expect: provisional-blind-check
      const { status } = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
      finalStatus = status;
    }
    if (finalStatus !== 'granted') { // expect: provisional-blind-check
      handleRegistrationError('Permission not granted to get push token for push notification!');
    }
    const projectId = Constants.expoConfig?.extra?.eas?.projectId ?? Constants.easConfig?.projectId;
    const pushTokenString = (await Notifications.getExpoPushTokenAsync({ projectId })).data;
    return pushTokenString;
  } catch (e) {
    console.warn(e);
    return null;
  } finally {
    registrationInFlight = false;
  }
}

export async function notificationsEnabled(): Promise<boolean> {
  try {
    const { granted } = await Notifications.getPermissionsAsync();
    return granted; // expect: provisional-blind-check
  } catch {
    return false;
  }
}
