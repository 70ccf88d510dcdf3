// A nested destructured parameter with its type, inside a function type.
import * as Notifications from 'expo-notifications';

export type SheetProps = {
  onTouchTop: ({ nativeEvent: { dismissing } }: { nativeEvent: { dismissing: boolean } }) => void;
  onClose?: ({ reason }: { reason: string }) => void;
};

export async function canNotify() {
  const { status } = await Notifications.getPermissionsAsync();
  return status === 'granted'; // expect: provisional-blind-check
}
