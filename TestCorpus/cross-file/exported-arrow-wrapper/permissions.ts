import * as Notifications from 'expo-notifications';

// One place to stub in tests.
export const getPermission = () => Notifications.getPermissionsAsync();
