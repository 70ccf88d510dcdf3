// A member of an `import('…')` type, with type arguments.
import * as Notifications from 'expo-notifications';

export type Progress = import('react-native-reanimated').SharedValue<string>;
export interface Props {
  offset: import('react-native-reanimated').SharedValue<number>;
  handler: import('expo-notifications').NotificationHandler;
}

export async function askIfNeeded() {
  const { status } = await Notifications.getPermissionsAsync();
  if (status !== 'granted') { // expect: provisional-blind-check
    await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
  }
}
