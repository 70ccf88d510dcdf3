// Regression: two modules that import each other (an import cycle) once sent the cross-file index
// into unbounded recursion. The cycle must be cut and the wrapper still followed.
import * as Notifications from 'expo-notifications';
import { logPermission } from './status';

export const readPermission = async () => {
  const settings = await Notifications.getPermissionsAsync();
  logPermission(settings.status);
  return settings;
};
