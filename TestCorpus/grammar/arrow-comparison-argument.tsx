// In a .tsx file, an arrow whose body compares with `<` followed by a second arrow argument.
import * as Notifications from 'expo-notifications';
import { useAnimatedReaction } from 'react-native-reanimated';

export function useHeaderShadow(scrollY: { get(): number }, show: (visible: boolean) => void) {
  useAnimatedReaction(() => scrollY.get() < -5, (value, previous) => {
    if (value !== previous) show(value);
  });
  useAnimatedReaction(() => scrollY.get() < 0, (value) => show(!value), [scrollY]);
}

export async function canNotify() {
  const { status } = await Notifications.getPermissionsAsync();
  return status === 'granted'; // expect: provisional-blind-check
}
