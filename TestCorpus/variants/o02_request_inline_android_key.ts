// EXPECT: MAP (only android options)
import * as Notifications from 'expo-notifications';
export const ask = () => Notifications.requestPermissionsAsync({ android: {} }); // expect: missing-allow-provisional
