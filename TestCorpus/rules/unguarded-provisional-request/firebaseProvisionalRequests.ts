import messaging from '@react-native-firebase/messaging';

// On every launch: an authorized or declined device is asked again, for nothing.
export async function askOnLaunch() {
  await messaging().requestPermission({ alert: true, sound: true, provisional: true }); // expect: unguarded-provisional-request
}

// AUTHORIZED alone keeps out only fully authorized devices: a declined one (DENIED) reaches the request.
export async function askUnlessAuthorized() {
  const authStatus = await messaging().hasPermission();
  if (authStatus !== messaging.AuthorizationStatus.AUTHORIZED) { // expect: provisional-blind-check
    await messaging().requestPermission({ provisional: true }); // expect: unguarded-provisional-request
  }
}

// Only a device that was never asked (NOT_DETERMINED, which Firebase numbers -1).
export async function askIfNeverAsked() {
  const authStatus = await messaging().hasPermission();
  if (authStatus === messaging.AuthorizationStatus.NOT_DETERMINED) {
    await messaging().requestPermission({ alert: true, sound: true, provisional: true });
  }
}

// Declined devices leave first, delivering ones next.
export async function askUnlessDeclined(): Promise<boolean> {
  const authStatus = await messaging().hasPermission();
  if (authStatus === messaging.AuthorizationStatus.DENIED) return false;
  if (
    authStatus === messaging.AuthorizationStatus.AUTHORIZED ||
    authStatus === messaging.AuthorizationStatus.PROVISIONAL
  ) {
    return true;
  }
  await messaging().requestPermission({ provisional: true });
  return true;
}
