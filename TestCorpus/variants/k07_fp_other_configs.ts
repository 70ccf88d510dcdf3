// EXPECT: nothing (shouldShowAlert in non-handler contexts within an expo-notifications file)
import * as Notifications from 'expo-notifications';

type Prefs = { shouldShowAlert: boolean };
const prefs: Prefs = { shouldShowAlert: true };
function renderAlert(opts: { shouldShowAlert: boolean }) { return opts.shouldShowAlert; }
renderAlert({ shouldShowAlert: prefs.shouldShowAlert });
Notifications.setNotificationHandler({
  handleNotification: async () => ({ shouldShowBanner: prefs.shouldShowAlert, shouldShowList: true, shouldPlaySound: false, shouldSetBadge: false }),
});
