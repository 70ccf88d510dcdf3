import notifee from '@notifee/react-native';

export async function requestDisplayQuietly(): Promise<void> {
  await notifee.requestPermission({ alert: true, sound: true, provisional: true }); // evidence-site // expect: unguarded-provisional-request=note
}
