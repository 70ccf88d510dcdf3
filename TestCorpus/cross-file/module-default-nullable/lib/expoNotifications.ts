// expo-notifications only where it can run (not in Expo Go): the module, or null.
import type * as NotificationsType from 'expo-notifications';
import Constants from 'expo-constants';

const canUseNotifications = Constants.appOwnership !== 'expo';
const Notifications: typeof NotificationsType | null = canUseNotifications ? require('expo-notifications') : null;

export default Notifications;
