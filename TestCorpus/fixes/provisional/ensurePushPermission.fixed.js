// Repair fixture (shape 3, CommonJS): `require` gives the module object; `if (!granted)` on a
// destructured `granted`, and a loose `==` on the status of the re-request.
const Notifications = require('expo-notifications');

async function ensurePushPermission() {
  const { granted, ios } = await Notifications.getPermissionsAsync();
  if (!(granted || ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL || ios?.status === Notifications.IosAuthorizationStatus.EPHEMERAL)) { // expect: provisional-blind-check
    const { status, granted: permissionGranted, ios: permissionIos } = await Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowSound: true } }); // expect: missing-allow-provisional, request-when-denied
    return permissionGranted || permissionIos?.status === Notifications.IosAuthorizationStatus.PROVISIONAL || permissionIos?.status === Notifications.IosAuthorizationStatus.EPHEMERAL; // expect: provisional-blind-check
  }
  return true;
}

module.exports = { ensurePushPermission };
