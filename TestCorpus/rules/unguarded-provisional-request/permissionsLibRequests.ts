import { checkNotifications, openSettings, requestNotifications, RESULTS } from 'react-native-permissions';

// react-native-permissions reports a device that was never asked as 'denied' (still requestable)
// and one whose user declined as 'blocked'.

// Straight to the request: a blocked device just gets 'blocked' back.
export async function askQuietly() {
  return requestNotifications(['alert', 'sound', 'provisional']); // expect: unguarded-provisional-request
}

// 'granted' alone keeps out authorized (and provisional) devices, not blocked ones.
export async function askUnlessGranted() {
  const { status } = await checkNotifications();
  if (status !== RESULTS.GRANTED) {
    await requestNotifications(['alert', 'provisional']); // expect: unguarded-provisional-request
  }
}

// expo's "denied" exit copied over: here it leaves exactly the devices that would gain from the
// request, and lets the blocked ones through.
export async function askAfterExpoStyleExit() {
  const { status } = await checkNotifications();
  if (status === 'denied') return null;
  return requestNotifications(['alert', 'provisional']); // expect: unguarded-provisional-request
}

// Requestable ('denied') devices only.
export async function askIfRequestable() {
  const { status } = await checkNotifications();
  if (status === RESULTS.DENIED) {
    await requestNotifications(['alert', 'sound', 'provisional']);
  }
}

// Blocked devices go to Settings; the granted test spares the rest.
export async function askUnlessBlocked() {
  const { status } = await checkNotifications();
  if (status === RESULTS.BLOCKED) {
    await openSettings();
    return;
  }
  if (status !== 'granted') {
    await requestNotifications(['alert', 'provisional']);
  }
}
