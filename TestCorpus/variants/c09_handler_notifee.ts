// EXPECT: nothing (not expo) even though file imports expo-notifications for other stuff
import * as Notifications from 'expo-notifications';
import { setNotificationHandler } from './localNotifications';

setNotificationHandler({ handleNotification: async () => ({ shouldShowAlert: true }) });
export const t = Notifications.AndroidImportance.MAX;
