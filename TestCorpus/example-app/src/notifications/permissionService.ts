import * as Notifications from 'expo-notifications';

// A thin wrapper the rest of the app imports instead of expo-notifications.
export const getPermission = () => Notifications.getPermissionsAsync();
