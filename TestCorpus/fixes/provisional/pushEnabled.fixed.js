// Repair fixture (shape 2, CommonJS): a destructured `require`, to which the fix adds
// IosAuthorizationStatus.
const { getPermissionsAsync, IosAuthorizationStatus } = require('expo-notifications');

async function pushEnabled() {
  const settings = await getPermissionsAsync();
  return settings.granted || settings.ios?.status === IosAuthorizationStatus.PROVISIONAL || settings.ios?.status === IosAuthorizationStatus.EPHEMERAL; // expect: provisional-blind-check
}

module.exports = { pushEnabled };
