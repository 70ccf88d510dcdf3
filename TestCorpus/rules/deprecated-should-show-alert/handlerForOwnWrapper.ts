// handleNotification objects handed straight to the app's own wrapper are not expo's: no finding.
import * as Notifications from 'expo-notifications';
import { registerHandler } from './notificationRouter';

registerHandler({ handleNotification: async () => ({ shouldShowAlert: true }) });
export const channel = Notifications.AndroidImportance.HIGH;
