// EXPECT: nothing (options from another module: not visible)
import * as Notifications from 'expo-notifications';
import { NOTIFICATION_OPTIONS } from './config';

export const ask = () => Notifications.requestPermissionsAsync(NOTIFICATION_OPTIONS);
