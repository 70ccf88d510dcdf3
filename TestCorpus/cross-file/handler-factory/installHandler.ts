// Installs the factory's handler.
import * as Notifications from 'expo-notifications';
import { makeForegroundHandler } from './handlerFactory';

Notifications.setNotificationHandler(makeForegroundHandler(true));
