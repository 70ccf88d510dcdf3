import { requestNotifications } from 'react-native-permissions';

export async function askNotifications(): Promise<boolean> {
  const { status } = await requestNotifications(['alert', 'provisional']); // evidence-site // expect: unguarded-provisional-request=note
  return status === 'granted';
}
