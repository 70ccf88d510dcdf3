import { getMessaging, requestPermission } from '@react-native-firebase/messaging';

export async function requestPushQuietly(): Promise<void> {
  await requestPermission(getMessaging(), { alert: true, sound: true, provisional: true }); // evidence-site // expect: unguarded-provisional-request=note
}
