// Repair fixture (shape 3, CommonJS): `require` gives the module object; `if (!granted)` on a
// destructured `granted`, and a loose `==` on the status of the re-request.
const Notifications = require('expo-notifications');

async function ensurePushPermission() {
  const { granted } = await Notifications.getPermissionsAsync();
  if (!granted) { // expect: provisional-blind-check
    const { status } = await Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowSound: true } }); // expect: missing-allow-provisional, request-when-denied
    return status == 'granted'; // expect: provisional-blind-check
  }
  return true;
}

module.exports = { ensurePushPermission };
