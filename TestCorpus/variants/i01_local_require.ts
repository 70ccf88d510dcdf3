// EXPECT: PBC + MAP with require inside function
export const requestNotificationPermissions = async () => {
  try {
    const Notifications = require('expo-notifications');
    const { status } = await Notifications.getPermissionsAsync();
    if (status !== 'granted') { // expect: provisional-blind-check
      await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
    }
  } catch (error) {
    console.log('Error requesting notification permissions:', error);
  }
};
