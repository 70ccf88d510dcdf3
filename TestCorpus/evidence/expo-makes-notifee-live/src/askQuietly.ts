import * as Notifications from 'expo-notifications';

export async function askQuietly() {
  return Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } }); // evidence-site // expect: channel-after-permission-request, unguarded-provisional-request
}
