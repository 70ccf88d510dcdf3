// EXPECT: PBC on status === 'undetermined' used to decide whether to show pre-prompt
import * as Notifications from 'expo-notifications';

export async function shouldShowPrePrompt(): Promise<boolean> {
  const { status } = await Notifications.getPermissionsAsync();
  return status === Notifications.PermissionStatus.UNDETERMINED; // expect: provisional-blind-check
}
