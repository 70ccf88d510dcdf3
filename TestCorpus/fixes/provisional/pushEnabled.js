// Repair fixture (shape 2, CommonJS): a destructured `require`, to which the fix adds
// IosAuthorizationStatus.
const { getPermissionsAsync } = require('expo-notifications');

async function pushEnabled() {
  const settings = await getPermissionsAsync();
  return settings.granted; // expect: provisional-blind-check
}

module.exports = { pushEnabled };
