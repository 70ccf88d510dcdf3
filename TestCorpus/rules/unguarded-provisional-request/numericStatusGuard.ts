import * as Notifications from 'expo-notifications';

const QUIET = { ios: { allowAlert: true, allowSound: true, allowProvisional: true } };

// `0` is NOT_DETERMINED: a guard, though numeric-authorization-status prefers the enum member.
export async function askIfNeverAsked() {
  const settings = await Notifications.getPermissionsAsync();
  if (!settings.canAskAgain) return settings;
  if (settings.ios?.status === 0) { // expect: numeric-authorization-status
    return Notifications.requestPermissionsAsync(QUIET);
  }
  return settings;
}

// `> 0`: any decided iOS state leaves first.
export async function askUnlessDecided() {
  const { ios, canAskAgain } = await Notifications.getPermissionsAsync();
  if (!canAskAgain || (ios && ios.status > 0)) return null; // expect: numeric-authorization-status
  return Notifications.requestPermissionsAsync(QUIET);
}

// A ternary on the numeric status around the request.
export const askQuietlyIfNew = async () => {
  const { ios, canAskAgain } = await Notifications.getPermissionsAsync();
  return canAskAgain && ios?.status === 0 ? Notifications.requestPermissionsAsync(QUIET) : null; // expect: numeric-authorization-status
};
