// EXPECT: PBC on `if (status !== 'granted')` inside object method; MAP on request()
import * as Notifications from 'expo-notifications';

export const notificationsApi = {
  requestPermission: async () => {
    const { status } = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional
    if (status !== 'granted') { // expect: provisional-blind-check
      return false;
    }
    return true;
  },
};
