const Notifications = require('expo-notifications');

const QUIET = { ios: { allowAlert: true, allowSound: true, allowProvisional: true } };

// The test sits in the `.then` callback, around the request.
function askQuietlyIfNew() {
  return Notifications.getPermissionsAsync().then(({ ios, canAskAgain }) =>
    canAskAgain && ios?.status === Notifications.IosAuthorizationStatus.NOT_DETERMINED
      ? Notifications.requestPermissionsAsync(QUIET)
      : null,
  );
}

// The read only feeds a log; the request follows unconditionally.
function askQuietlyAfterLogging() {
  return Notifications.getPermissionsAsync()
    .then((settings) => console.log('before asking', settings.ios?.status))
    .then(() => Notifications.requestPermissionsAsync(QUIET)); // expect: unguarded-provisional-request
}

// An early exit in the outer function guards a callback created after it.
async function askWhenIdle(runAfterInteractions) {
  const settings = await Notifications.getPermissionsAsync();
  if (!settings.canAskAgain || settings.ios?.status !== Notifications.IosAuthorizationStatus.NOT_DETERMINED) {
    return settings;
  }
  return runAfterInteractions(() => Notifications.requestPermissionsAsync(QUIET));
}

module.exports = { askQuietlyIfNew, askQuietlyAfterLogging, askWhenIdle };
