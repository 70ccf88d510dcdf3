import * as Notifications from 'expo-notifications';

// Android-only file (`*.android.ts`): the iOS options are shared with the iOS file and ignored here.
export async function askForPushPermission() {
  return Notifications.requestPermissionsAsync({
    ios: { allowAlert: true, allowSound: true, allowProvisional: true },
  });
}
