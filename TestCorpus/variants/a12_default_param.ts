// EXPECT: MAP on requestPermissionsAsync(options) where options default lacks allowProvisional? (options is a parameter -> spec says not reported when options are a parameter). EXPECT: nothing? Default param value is visible literal... ambiguous. PBC on status !== 'granted'.
import * as Notifications from 'expo-notifications';

export async function ask(options = { ios: { allowAlert: true, allowSound: true } }) {
  const { status } = await Notifications.requestPermissionsAsync(options);
  if (status !== 'granted') return false; // expect: provisional-blind-check
  return true;
}
