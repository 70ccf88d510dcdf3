import * as Notifications from 'expo-notifications';

export async function askQuietly() {
  return Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } }); // evidence-site // expect: unguarded-provisional-request
}
