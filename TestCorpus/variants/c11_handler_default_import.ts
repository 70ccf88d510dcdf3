// EXPECT: SSA via destructured require
const { setNotificationHandler } = require('expo-notifications');
setNotificationHandler({
  handleNotification: async () => ({ shouldShowAlert: true, shouldPlaySound: true, shouldSetBadge: false }), // expect: deprecated-should-show-alert
});
